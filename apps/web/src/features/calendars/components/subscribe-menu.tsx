import { Button, Menu } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows, IconCalendarShare, IconChevronDown, IconDeviceDesktop } from '@tabler/icons-react';
import type { Calendar } from '@hubbub/contract';
import { googleSubscribeUrl, outlookSubscribeUrl } from '../subscribe-links';

/** The ways to subscribe without copying the address: the device's calendar app, Google, Outlook.com. */
export function SubscribeMenu({ calendar }: { calendar: Pick<Calendar, 'name' | 'feedUrl' | 'webcalUrl'> }) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" leftSection={<IconCalendarShare size={14} aria-hidden />} rightSection={<IconChevronDown size={12} aria-hidden />}>
          Subscribe
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={calendar.webcalUrl} leftSection={<IconDeviceDesktop size={16} aria-hidden />}>
          Open in my calendar app
        </Menu.Item>
        <Menu.Item component="a" href={googleSubscribeUrl(calendar)} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandGoogle size={16} aria-hidden />}>
          Google Calendar
        </Menu.Item>
        <Menu.Item component="a" href={outlookSubscribeUrl(calendar)} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandWindows size={16} aria-hidden />}>
          Outlook.com
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
