import { useCallback } from 'react';
import { Tabs } from '@mantine/core';
import { IconCalendarEvent, IconCalendarRepeat } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { Page } from '@/components/page';
import { useUsage } from '@/features/account/api/get-usage';
import { CalendarsPanel } from '@/features/calendars/components/calendars-panel';
import { useTagCategories } from '@/features/events/api/tags';
import { eventsAtCapacity, MyEventsPanel, NewEventButton } from '@/features/events/components/my-events-panel';

type EventsTab = 'events' | 'calendars';

/** The tab lives in `?tab=`, so a reload, Back and links (the search page's "See my calendars") keep it. */
const tabFrom = (value: string | null): EventsTab => (value === 'calendars' ? 'calendars' : 'events');

export default function EventsRoute() {
  const user = useSessionUser();
  const usage = useUsage(Boolean(user));
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  // Each tab is a history entry, so Back returns to the one before.
  const select = (value: string | null) => setParams(value === 'calendars' ? { tab: 'calendars' } : {});
  const categories = useTagCategories();
  const categoryName = useCallback((id: string) => categories.data?.find((tag) => tag.id === id)?.name, [categories.data]);
  const calendarUsage = usage.data && { count: usage.data.calendarCount, capacity: usage.data.calendarCapacity };

  return (
    <Page
      title="My events"
      description={tab === 'calendars' ? 'Calendars your calendar app subscribes to, so it keeps up with what’s on.' : 'Events you host, drafts included, soonest first.'}
      actions={tab === 'events' ? <NewEventButton atCapacity={eventsAtCapacity(usage.data)} /> : undefined}
    >
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            Events
          </Tabs.Tab>
          <Tabs.Tab value="calendars" leftSection={<IconCalendarRepeat size={16} aria-hidden />}>
            Calendars
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="md">
          <MyEventsPanel usage={usage.data} usageLoading={usage.isPending} />
        </Tabs.Panel>
        <Tabs.Panel value="calendars" pt="md">
          <CalendarsPanel usage={usage.isPending ? undefined : calendarUsage} categoryName={categoryName} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
