import { useState } from 'react';
import { Badge, Button, Group, NumberInput, Pagination, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import {
  formatDateTime,
  formatNumber,
  GOING_CAPACITY_MAX,
  GOING_GUESTS_MAX,
  GOING_OFFER_HOURS_MAX,
  type GoingSettings,
  type GoingState,
  type GoingSummary,
  type HubEvent,
} from '@hubbub/contract';
import { useNow } from '@/lib/dates/use-now';
import { notify, notifyProblem } from '@/lib/ui';
import { downloadGoingPeople, useChangeGoing, useGoing, useGoingPeople } from '../api/going';
import { goingLine } from './going-panel';

const STATE_LOOK: Record<GoingState, { label: string; color: string }> = {
  going: { label: 'Going', color: 'teal' },
  offered: { label: 'Seat offered', color: 'blue' },
  waitlisted: { label: 'Waitlist', color: 'gray' },
};

const FILTERS = [
  { value: 'all', label: 'Everyone' },
  { value: 'going', label: 'Going' },
  { value: 'offered', label: 'Offered' },
  { value: 'waitlisted', label: 'Waitlist' },
];

/** Capacity, guests and the time to confirm: saved together; raising the capacity offers seats to the line at once. */
function SettingsForm({ eventId, summary }: { eventId: string; summary: GoingSummary }) {
  const save = useChangeGoing(eventId);
  const [draft, setDraft] = useState<GoingSettings>(summary.settings);
  const changed = JSON.stringify(draft) !== JSON.stringify(summary.settings);
  const raising = summary.waitlisted > 0 && (draft.capacity === null || draft.capacity > (summary.settings.capacity ?? Infinity));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void (async () => {
          try {
            const next = await save.mutateAsync({ kind: 'settings', settings: draft });
            setDraft(next.settings);
            notify.success(raising ? 'Saved: the new seats are offered to the waitlist, first in line first.' : 'Attendance settings saved.');
          } catch (error) {
            notifyProblem(error, 'The settings could not be saved');
          }
        })();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Capacity"
          description="Empty: no limit"
          placeholder="No limit"
          min={1}
          max={GOING_CAPACITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={draft.capacity ?? ''}
          onChange={(v) => setDraft((d) => ({ ...d, capacity: typeof v === 'number' ? v : v === '' ? null : Number(v) }))}
          w={150}
          data-testid="going-capacity"
        />
        <Select
          label="Guests per person"
          description="Besides themselves"
          data={Array.from({ length: GOING_GUESTS_MAX + 1 }, (_, n) => ({ value: String(n), label: n === 0 ? 'No guests' : String(n) }))}
          value={String(draft.maxGuests)}
          onChange={(v) => v !== null && setDraft((d) => ({ ...d, maxGuests: Number(v) }))}
          allowDeselect={false}
          w={150}
          data-testid="going-max-guests"
        />
        <NumberInput
          label="Hours to confirm"
          description="An offered seat, then it passes on"
          min={1}
          max={GOING_OFFER_HOURS_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={draft.offerHours}
          onChange={(v) => setDraft((d) => ({ ...d, offerHours: typeof v === 'number' ? v : Number(v) || 0 }))}
          w={170}
          data-testid="going-offer-hours"
        />
        <Button type="submit" disabled={!changed} loading={save.isPending} data-testid="going-save-settings">
          Save
        </Button>
      </Group>
    </form>
  );
}

function PeopleList({ event }: { event: HubEvent }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [filter, setFilter] = useState('all');
  const [pageNumber, setPageNumber] = useState(1);
  const state = filter === 'all' ? null : (filter as GoingState);
  const people = useGoingPeople(event.id, { q, state, pageNumber });
  const now = useNow();
  const [exporting, setExporting] = useState(false);
  const data = people.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search by name or email"
            placeholder="Search by name or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPageNumber(1);
            }}
            w={240}
            data-testid="going-search"
          />
          <SegmentedControl
            aria-label="Show"
            data={FILTERS}
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPageNumber(1);
            }}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          data-testid="going-export"
          onClick={() =>
            void (async () => {
              setExporting(true);
              try {
                notify.success(`Downloaded ${await downloadGoingPeople(event)}.`);
              } catch (error) {
                notifyProblem(error, 'The list could not be downloaded');
              } finally {
                setExporting(false);
              }
            })()
          }
        >
          Download CSV
        </Button>
      </Group>
      {data && data.people.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="going-people-empty">
          {q || state ? 'Nobody matches.' : 'Nobody has said Going yet. Share the event to fill it.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" data-testid="going-people">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Email</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Guests</Table.Th>
                <Table.Th visibleFrom="sm">Since</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.people.map((p) => (
                <Table.Tr key={p.userId} data-testid="going-person">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                    {/* A phone has no room for the email's own column: it goes under the name. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {p.email}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} visibleFrom="sm">
                    {p.email}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_LOOK[p.state].color} tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
                      {p.state === 'waitlisted' ? `Waitlist #${formatNumber(p.place ?? 0)}` : STATE_LOOK[p.state].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(p.guests)}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDateTime(p.since, { timeZone: event.timeZone, now })}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={pageNumber} onChange={setPageNumber} size="sm" />}
    </Stack>
  );
}

/** The host's side of Going: the settings, and who is coming (searchable, as a CSV too). */
export function GoingHostPanel({ event }: { event: HubEvent }) {
  const going = useGoing(event.id);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="going-host-heading" data-testid="going-host-panel">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="going-host-heading">
            Attendance
          </Title>
          {going.data && (
            <Text size="sm" c="dimmed" data-testid="going-host-line">
              {goingLine(going.data)}
            </Text>
          )}
        </Group>
        {going.data && <SettingsForm key={JSON.stringify(going.data.settings)} eventId={event.id} summary={going.data} />}
        <PeopleList event={event} />
      </Stack>
    </Paper>
  );
}
