import { Button, Group, List, Text, Title } from '@mantine/core';
import { IconCalendarRepeat, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';

/** What a calendar is for, and the two ways to make one. */
export function CalendarsEmpty({ onNew }: { onNew: () => void }) {
  return (
    <EmptyState icon={IconCalendarRepeat} data-testid="calendars-empty">
      <Title order={2} size="h4">
        What’s on, in the calendar you already use
      </Title>
      <Text c="dimmed" size="sm" maw={520}>
        A calendar gives you an address that Google Calendar, Outlook, Apple Calendar and most other calendar apps can subscribe to. Your app then keeps up with the events
        by itself, without you opening Hubbub.
      </Text>
      <List size="sm" spacing="xs" ta="left" maw={520} type="ordered">
        <List.Item>Save a search: look for events on the map (some words, a category, a part of the map), then save the search as a calendar.</List.Item>
        <List.Item>Or make a calendar of the events you follow, the events of the people you follow, or your own events.</List.Item>
      </List>
      <Group gap="xs" justify="center" wrap="wrap">
        <Button component={Link} to="/search" variant="light" leftSection={<IconSearch size={16} aria-hidden />}>
          Search events
        </Button>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
          Make a calendar
        </Button>
      </Group>
    </EmptyState>
  );
}
