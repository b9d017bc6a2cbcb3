import { useState } from 'react';
import { Badge, Button, Group, NumberInput, Pagination, Paper, Popover, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconDownload, IconSearch, IconX } from '@tabler/icons-react';
import {
  formatDateTime,
  formatNumber,
  GOING_CAPACITY_MAX,
  GOING_GUESTS_MAX,
  GOING_ANSWER_MAX,
  GOING_OFFER_HOURS_MAX,
  type GoingPerson,
  type GoingQuestion,
  type GoingSettings,
  type GoingState,
  type GoingSummary,
  type HubEvent,
} from '@hubbub/contract';
import { useNow } from '@/lib/dates/use-now';
import { isApiError } from '@/lib/api';
import { notify, notifyProblem } from '@/lib/ui';
import { downloadGoingPeople, useChangeGoing, useGoing, useGoingPeople } from '../api/going';
import { goingLine } from './going-panel';
import { MessageGoingButton } from './message-going-button';
import { QuestionsEditor } from './questions-editor';
import { ScrollTable } from '@/components/scroll-table';

const STATE_LOOK: Record<GoingState, { label: string; color: string }> = {
  going: { label: 'Going', color: 'teal' },
  offered: { label: 'Seat offered', color: 'blue' },
  waitlisted: { label: 'Waitlist', color: 'gray' },
  pending: { label: 'To approve', color: 'yellow' },
  declined: { label: 'Declined', color: 'red' },
};

const FILTERS = [
  { value: 'all', label: 'Everyone' },
  { value: 'pending', label: 'To approve' },
  { value: 'going', label: 'Going' },
  { value: 'offered', label: 'Offered' },
  { value: 'waitlisted', label: 'Waitlist' },
  { value: 'declined', label: 'Declined' },
];

/** "T-shirt size: M · Coming by car?: No", in the questions' order. */
/** Said Going from another server (Mastodon, Mobilizon…): reached there, not by mail. */
function FediverseBadge() {
  return (
    <Badge variant="light" color="grape" size="xs" ml={6} tt="none" title="Said Going from another server: told there, not by email" data-testid="going-fediverse">
      Fediverse
    </Badge>
  );
}

function answersLine(questions: GoingQuestion[], person: GoingPerson): string {
  return questions
    .filter((q) => person.answers[q.id] !== undefined)
    .map((q) => {
      const a = person.answers[q.id];
      return `${q.label}: ${typeof a === 'boolean' ? (a ? 'Yes' : 'No') : a}`;
    })
    .join(' · ');
}

/** Approve, or decline with an optional message the person reads on the event's page. */
function Decide({ eventId, person }: { eventId: string; person: GoingPerson }) {
  const save = useChangeGoing(eventId);
  const [message, setMessage] = useState('');
  const [open, setOpen] = useState(false);
  const decide = (decision: 'approve' | 'decline') =>
    void (async () => {
      try {
        const next = await save.mutateAsync({ kind: 'decide', userId: person.userId, decision, message: decision === 'decline' ? message.trim() || undefined : undefined });
        setOpen(false);
        notify.success(decision === 'approve' ? `${person.name} is approved.${next.waitlisted && next.settings.capacity !== null ? ' The event is full, so they join the waitlist.' : ''}` : `${person.name} is declined.`);
      } catch (error) {
        notifyProblem(error, 'The decision could not be saved');
      }
    })();
  return (
    <Group gap={6} wrap="nowrap">
      {person.state === 'pending' && (
        <Button size="compact-sm" variant="light" color="teal" leftSection={<IconCheck size={14} aria-hidden />} loading={save.isPending} onClick={() => decide('approve')} data-testid="going-approve">
          Approve
        </Button>
      )}
      {person.state === 'declined' && (
        <Button size="compact-sm" variant="subtle" loading={save.isPending} onClick={() => decide('approve')}>
          Approve after all
        </Button>
      )}
      {person.state === 'pending' && (
        <Popover opened={open} onChange={setOpen} trapFocus position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <Button size="compact-sm" variant="light" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => setOpen((o) => !o)} data-testid="going-decline">
              Decline
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" w={260}>
              <TextInput label="Message (optional)" placeholder="Sorry, we are full of members." maxLength={GOING_ANSWER_MAX} value={message} onChange={(e) => setMessage(e.currentTarget.value)} data-testid="going-decline-message" />
              <Button color="red" size="xs" loading={save.isPending} onClick={() => decide('decline')} data-testid="going-decline-confirm">
                Decline {person.name}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

/** Capacity, guests and the time to confirm: saved together; raising the capacity offers seats to the line at once. */
function SettingsForm({ eventId, summary }: { eventId: string; summary: GoingSummary }) {
  const save = useChangeGoing(eventId);
  const [draft, setDraft] = useState<GoingSettings>(summary.settings);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
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
            setErrors({});
            notify.success(raising ? 'Saved: the new seats are offered to the waitlist, first in line first.' : 'Attendance settings saved.');
          } catch (error) {
            setErrors(isApiError(error) && error.errors ? error.errors : {});
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
      </Group>
      <Switch
        mt="md"
        label="Approve each request"
        description="People ask to go; you approve or decline them here before they get a seat or a place in line."
        checked={draft.approval}
        onChange={(e) => {
          const approval = e.currentTarget.checked;
          setDraft((d) => ({ ...d, approval }));
        }}
        data-testid="going-approval"
      />
      <Stack mt="md" gap="sm">
        <QuestionsEditor questions={draft.questions} onChange={(questions) => setDraft((d) => ({ ...d, questions }))} errors={errors} />
        <Button type="submit" disabled={!changed} loading={save.isPending} w="fit-content" data-testid="going-save-settings">
          Save settings
        </Button>
      </Stack>
    </form>
  );
}

function PeopleList({ event, questions }: { event: HubEvent; questions: GoingQuestion[] }) {
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
          <Select
            aria-label="Show"
            data={FILTERS}
            value={filter}
            allowDeselect={false}
            onChange={(v) => {
              setFilter(v ?? 'all');
              setPageNumber(1);
            }}
            w={150}
            data-testid="going-filter"
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
        <ScrollTable label="People going" minWidth={320}>
          <Table verticalSpacing="xs" data-testid="going-people">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Email or handle</Table.Th>
                <Table.Th miw={110}>State</Table.Th>
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
                      {p.remote && <FediverseBadge />}
                    </Text>
                    {answersLine(questions, p) && (
                      <Text size="xs" c="dimmed" data-testid="going-answers">
                        {answersLine(questions, p)}
                      </Text>
                    )}
                    {p.declineMessage && (
                      <Text size="xs" c="dimmed">
                        Your message: “{p.declineMessage}”
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} visibleFrom="sm">
                    {p.email}
                    {p.remote && <FediverseBadge />}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Badge variant="light" color={STATE_LOOK[p.state].color} tt="none" styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}>
                        {p.state === 'waitlisted' ? `Waitlist #${formatNumber(p.place ?? 0)}` : STATE_LOOK[p.state].label}
                      </Badge>
                      {(p.state === 'pending' || p.state === 'declined') && <Decide eventId={event.id} person={p} />}
                      {p.checkedIn > 0 && (
                        <Text size="xs" c="green.8" data-testid="going-checked-in">
                          {p.guests === 0 ? 'Checked in' : `${formatNumber(p.checkedIn)} of ${formatNumber(1 + p.guests)} checked in`}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(p.guests)}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{formatDateTime(p.since, { timeZone: event.timeZone, now })}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
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
        <PeopleList event={event} questions={going.data?.settings.questions ?? []} />
        {going.data && (
          <Group>
            <MessageGoingButton eventId={event.id} going={going.data.going} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
