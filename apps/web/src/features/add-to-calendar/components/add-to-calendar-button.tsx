import { Button, Menu } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows, IconCalendarPlus, IconChevronDown, IconDownload } from '@tabler/icons-react';
import { publicEventPath, type HubEvent } from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useDownloadEventIcs } from '../api/download-ics';
import { googleCalendarUrl, outlookCalendarUrl, type CalendarEventInput } from '../event-calendar-links';

type AddableEvent = Pick<HubEvent, 'id' | 'slug' | 'name' | 'startDate' | 'endDate' | 'venue' | 'area'>;

/**
 * The event's public page (/e/{slug}), wherever this copy of Hubbub is served from: whoever opens
 * the calendar entry can read it without an account, and a signed-in person is sent on to the full page.
 */
function pageUrlOf(slug: string): string {
  return new URL(publicEventPath(slug), window.location.origin).href;
}

/** One event into a calendar: as a file any calendar app opens, or straight into Google's or Outlook.com's. */
export function AddToCalendarButton({ event }: { event: AddableEvent }) {
  const download = useDownloadEventIcs();
  const input: CalendarEventInput = { ...event, pageUrl: pageUrlOf(event.slug) };
  const google = googleCalendarUrl(input);
  const outlook = outlookCalendarUrl(input);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={download.isPending}
          data-testid="add-to-calendar"
        >
          Add to calendar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            download.mutate(event, {
              onSuccess: (name) => notify.success(`Saved “${name}”. Open it to add the event to your calendar app.`),
              onError: (error) => notifyProblem(error, 'The calendar file could not be downloaded'),
            })
          }
        >
          Download .ics
        </Menu.Item>
        {google && (
          <Menu.Item component="a" href={google} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandGoogle size={16} aria-hidden />}>
            Google Calendar
          </Menu.Item>
        )}
        {outlook && (
          <Menu.Item component="a" href={outlook} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandWindows size={16} aria-hidden />}>
            Outlook.com
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
