import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconClockHour4, IconHourglass, IconTicket, IconX } from '@tabler/icons-react';
import { eventPhase, formatDateTime, formatNumber, type GoingAnswers, type GoingSummary, type HubEvent } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { useNow } from '@/lib/dates/use-now';
import { notify, notifyProblem } from '@/lib/ui';
import { useChangeGoing, useGoing, type GoingChange } from '../api/going';
import { GoingQuestions } from './going-questions';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "12 going · 38 of 50 seats left · 4 on the waitlist", as short as the numbers allow. */
export function goingLine(summary: GoingSummary): string {
  const { capacity } = summary.settings;
  const parts = [`${formatNumber(summary.going)} going`];
  if (summary.pending) parts.push(`${formatNumber(summary.pending)} waiting for approval`);
  if (capacity !== null) {
    const left = Math.max(0, capacity - summary.seatsTaken);
    parts.push(left === 0 ? 'Full' : `${plural(left, 'seat', 'seats')} left of ${formatNumber(capacity)}`);
  }
  if (summary.waitlisted) parts.push(`${formatNumber(summary.waitlisted)} on the waitlist`);
  return parts.join(' · ');
}

/** The event is full for a newcomer: no seat for their party, or people already waiting. */
const fullFor = (summary: GoingSummary, guests: number) =>
  summary.waitlisted > 0 || (summary.settings.capacity !== null && summary.seatsTaken + 1 + guests > summary.settings.capacity);

const DONE: Record<GoingChange['kind'], string> = {
  say: 'Saved.',
  leave: 'You are no longer on the list.',
  confirm: 'The seat is yours. See you there!',
  settings: 'Attendance settings saved.',
  decide: 'Saved.',
};

function GuestsSelect({ max, value, onChange, disabled }: { max: number; value: number; onChange: (n: number) => void; disabled?: boolean }) {
  return (
    <Select
      label="Guests"
      description={`Up to ${plural(max, 'guest', 'guests')}`}
      data={Array.from({ length: max + 1 }, (_, n) => ({ value: String(n), label: n === 0 ? 'Just me' : `Me + ${n}` }))}
      value={String(value)}
      onChange={(v) => v !== null && onChange(Number(v))}
      allowDeselect={false}
      disabled={disabled}
      w={160}
      data-testid="going-guests"
    />
  );
}

/**
 * Going, for someone who may come: say Going (with guests when the host allows), see your place
 * on the waitlist, confirm a seat offered to you, or give it back.
 */
export function GoingPanel({ event }: { event: HubEvent }) {
  const going = useGoing(event.id);
  const now = useNow();
  const closed = ['canceled', 'ended'].includes(eventPhase(event, now));
  const save = useChangeGoing(event.id);
  const [guests, setGuests] = useState<number | null>(null);
  const [answers, setAnswers] = useState<GoingAnswers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string[]>>({});
  const summary = going.data;
  if (!summary) return null;
  const mine = summary.mine;
  const { maxGuests, questions, approval } = summary.settings;
  const chosenGuests = guests ?? mine?.guests ?? 0;

  const run = (what: GoingChange, done = DONE[what.kind]) =>
    void (async () => {
      try {
        const next = await save.mutateAsync(what);
        setGuests(null);
        setAnswerErrors({});
        const state = next.mine?.state;
        notify.success(
          what.kind === 'say' && state === 'waitlisted' && !mine
            ? `You are number ${next.mine!.place} on the waitlist.`
            : what.kind === 'say' && state === 'pending' && !mine
              ? 'Asked: the host will approve or decline your request.'
              : done,
        );
      } catch (error) {
        // Answers the server refused go under their questions.
        if (isApiError(error) && error.errors && Object.keys(error.errors).some((k) => k.startsWith('answers.'))) setAnswerErrors(error.errors);
        notifyProblem(error, 'That did not work');
      }
    })();
  // A change of guests keeps the answers given.
  const sayAgain = (n: number) => run({ kind: 'say', guests: n, answers: mine?.answers ?? {} }, 'Your guests are saved.');
  const busy = save.isPending;
  const offerUntil = mine?.offerUntil ? formatDateTime(mine.offerUntil, { timeZone: event.timeZone, now, zoneName: true }) : '';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="going-heading" data-testid="going-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="going-heading">
            Going
          </Title>
          <Text size="sm" c="dimmed" data-testid="going-line">
            {goingLine(summary)}
          </Text>
        </Group>

        {mine?.state === 'offered' && (
          <Alert color="teal" variant="light" icon={<IconTicket size={20} aria-hidden />} title="A seat is yours" data-testid="going-offer">
            <Stack gap="xs">
              <Text size="sm">A seat freed up and you were first in line. Confirm it by {offerUntil}, or it passes to the next person waiting.</Text>
              <Group gap="xs">
                <Button color="teal" loading={busy} onClick={() => run({ kind: 'confirm' })} data-testid="going-confirm">
                  Confirm my seat
                </Button>
                <Button variant="default" disabled={busy} onClick={() => run({ kind: 'leave' }, 'The seat goes to the next person in line. Thank you!')} data-testid="going-give-back">
                  Give it back
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        {mine?.state === 'going' && (
          <Group gap="sm" justify="space-between" align="flex-end">
            <Badge size="lg" color="teal" variant="light" leftSection={<IconCalendarCheck size={16} aria-hidden />} tt="none" data-testid="going-state">
              {mine.guests ? `You are going, with ${plural(mine.guests, 'guest', 'guests')}` : 'You are going'}
            </Badge>
            <Group gap="xs" align="flex-end">
              {maxGuests > 0 && !closed && <GuestsSelect max={maxGuests} value={chosenGuests} onChange={sayAgain} disabled={busy} />}
              {!closed && (
                <Button variant="default" disabled={busy} onClick={() => run({ kind: 'leave' })} data-testid="going-leave">
                  Not going
                </Button>
              )}
            </Group>
          </Group>
        )}

        {(mine?.state === 'waitlisted' || mine?.state === 'pending') && (
          <Group gap="sm" justify="space-between" align="center">
            <Group gap="xs" wrap="nowrap">
              {mine.state === 'waitlisted' ? <IconClockHour4 size={20} aria-hidden /> : <IconHourglass size={20} aria-hidden />}
              <Text size="sm" data-testid="going-state">
                {mine.state === 'waitlisted' ? (
                  <>
                    You are number <strong>{formatNumber(mine.place ?? 0)}</strong> on the waitlist
                  </>
                ) : (
                  'Your request is waiting for the host’s approval'
                )}
                {mine.guests ? ` (with ${plural(mine.guests, 'guest', 'guests')})` : ''}.{mine.state === 'waitlisted' ? ' We will email you when a seat is yours.' : ''}
              </Text>
            </Group>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => run({ kind: 'leave' }, mine.state === 'pending' ? 'Your request is withdrawn.' : DONE.leave)}
              data-testid="going-leave"
            >
              {mine.state === 'waitlisted' ? 'Leave the waitlist' : 'Withdraw'}
            </Button>
          </Group>
        )}

        {mine?.state === 'declined' && (
          <Alert color="gray" variant="light" icon={<IconX size={20} aria-hidden />} title="The host declined your request" data-testid="going-state">
            {mine.declineMessage ? <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>“{mine.declineMessage}”</Text> : null}
          </Alert>
        )}

        {!mine && closed && <Text size="sm" c="dimmed">This event is {eventPhase(event, now) === 'canceled' ? 'canceled' : 'over'}: nobody can say Going any more.</Text>}

        {!mine && !closed && (
          <Stack gap="sm">
            {questions.length > 0 && <GoingQuestions questions={questions} answers={answers} onChange={setAnswers} errors={answerErrors} disabled={busy} />}
            <Group gap="sm" align="flex-end">
              {maxGuests > 0 && <GuestsSelect max={maxGuests} value={chosenGuests} onChange={setGuests} disabled={busy} />}
              <Button
                leftSection={<IconCalendarCheck size={18} aria-hidden />}
                loading={busy}
                onClick={() => run({ kind: 'say', guests: chosenGuests, answers }, 'You are going. See you there!')}
                data-testid="going-say"
              >
                {approval ? 'Ask to go' : fullFor(summary, chosenGuests) ? 'Join the waitlist' : 'Going'}
              </Button>
              {(approval || fullFor(summary, chosenGuests)) && (
                <Text size="sm" c="dimmed">
                  {approval ? 'The host approves each guest.' : 'The event is full: you will be offered a seat when one frees up.'}
                </Text>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
