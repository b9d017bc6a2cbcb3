import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { Flyer } from '@hubbub/contract';
import { PICKER_FORMAT } from '@/lib/dates/dayjs';
import { notify } from '@/lib/ui';
import { isoToLocalInput, LAUNCH_DURATIONS, localInputToIso } from '../buzz-model';
import type { ConsoleControls } from '../console-model';
import type { ConsoleActions } from './use-console-actions';

interface OwnerControlsProps {
  flyers: Flyer[];
  controls: ConsoleControls;
  actions: ConsoleActions;
}

/** What the console says of the session, by state (badge colours dark enough for AA on white text or background). */
// Not live, the badge is Mantine's default variant (the scheme's own text and border colours), so it
// reads in both schemes; a fixed gray.7 outline fell to 1.9:1 on the dark background.
export const CONSOLE_STATE_TEXT: Record<ConsoleControls['state'], { badge: string; color: string; line: string }> = {
  connecting: { badge: 'Connecting', color: 'gray.7', line: 'Connecting to the live service…' },
  'not-live': { badge: 'Not live', color: 'gray.7', line: 'Go live to open the buzz: everyone watching then sees the flyers you launch.' },
  live: { badge: 'Live', color: 'red.9', line: 'You are live: everyone watching sees what you launch.' },
  canceled: { badge: 'Canceled', color: 'gray.7', line: 'This event is canceled: its buzz cannot go live.' },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section">
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The session's state and its one big action: Go live when not live, End when live. */
function SessionSection({ controls, actions }: Pick<OwnerControlsProps, 'controls' | 'actions'>) {
  const text = CONSOLE_STATE_TEXT[controls.state];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Session">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Title order={3} fz="sm">
              Session
            </Title>
            <Badge color={text.color} variant={controls.state === 'live' ? 'filled' : 'default'} tt="none" data-testid="console-state" data-state={controls.state}>
              {text.badge}
            </Badge>
          </Group>
          {controls.goLive && (
            <Button size="xs" color="green" loading={actions.busy === 'start'} onClick={() => void actions.goLive()} data-testid="session-start">
              Go live
            </Button>
          )}
          {controls.end && (
            <Button size="xs" color="red" variant="light" loading={actions.busy === 'end'} onClick={() => void actions.end()} data-testid="session-stop">
              End
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {text.line}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The host's console in full: the desktop's column, and the phone's drawer. */
export function OwnerControls({ flyers, controls, actions }: OwnerControlsProps) {
  const [flyerId, setFlyerId] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<string>('15');
  const [scheduleStart, setScheduleStart] = useState(() => isoToLocalInput(new Date(Date.now() + 10 * 60_000)));
  const [scheduleEnd, setScheduleEnd] = useState(() => isoToLocalInput(new Date(Date.now() + 40 * 60_000)));
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');

  const chosen = flyerId ?? flyers[0]?.id ?? null;

  const schedule = () => {
    const startDate = localInputToIso(scheduleStart);
    const endDate = localInputToIso(scheduleEnd);
    if (!chosen || !startDate || !endDate) return notify.error('Pick a flyer, a start and an end.');
    void actions.schedule(chosen, startDate, endDate);
  };

  const send = async () => {
    if (await actions.sendMessage(title, message)) setMessage('');
  };

  return (
    <Stack gap="sm" data-testid="owner-controls">
      <SessionSection controls={controls} actions={actions} />

      {controls.state !== 'canceled' && (
        <Section title="Launch a flyer">
          {flyers.length === 0 ? (
            <Text size="sm" c="dimmed">
              This event has no flyers yet. Design one first.
            </Text>
          ) : (
            <>
              <Select
                label="Flyer to launch"
                data={flyers.map((f) => ({ value: f.id, label: f.name }))}
                value={chosen}
                onChange={setFlyerId}
                allowDeselect={false}
                data-testid="launch-flyer"
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="launch-duration-label">
                  Show for
                </Text>
                <SegmentedControl
                  aria-labelledby="launch-duration-label"
                  value={minutes}
                  onChange={setMinutes}
                  data={LAUNCH_DURATIONS.map((m) => ({ value: String(m), label: `${m} min` }))}
                  data-testid="launch-duration"
                />
              </Stack>
              {controls.launch && (
                <Stack gap={4}>
                  <Button
                    onClick={() => chosen && void actions.launchNow(chosen, Number(minutes), controls.launch === 'go-live-first')}
                    loading={actions.busy === 'launch'}
                    disabled={!chosen}
                    data-testid="launch-now"
                  >
                    {controls.launch === 'go-live-first' ? 'Go live and launch' : 'Launch now'}
                  </Button>
                  {controls.launch === 'go-live-first' && (
                    <Text size="xs" c="dimmed">
                      The buzz is not live yet: this starts it first, then puts the flyer on stage.
                    </Text>
                  )}
                </Stack>
              )}
              {controls.schedule && (
                <Stack gap="xs" mt="xs">
                  <Text size="sm" fw={500}>
                    Or schedule it
                  </Text>
                  <DateTimePicker label="From" valueFormat={PICKER_FORMAT} value={scheduleStart} onChange={(value) => setScheduleStart(value ?? '')} />
                  <DateTimePicker label="Until" valueFormat={PICKER_FORMAT} value={scheduleEnd} onChange={(value) => setScheduleEnd(value ?? '')} />
                  <Button variant="light" onClick={schedule} loading={actions.busy === 'schedule'} disabled={!chosen} data-testid="launch-schedule">
                    Schedule
                  </Button>
                  {controls.state === 'not-live' && (
                    <Text size="xs" c="dimmed">
                      A scheduled flyer shows at its time; go live before then so people are watching.
                    </Text>
                  )}
                </Stack>
              )}
            </>
          )}
        </Section>
      )}

      {controls.message && (
        <Section title="Message everyone watching">
          <Text size="xs" c="dimmed">
            Shows as a notice on every watcher&apos;s screen, and is read out to screen readers.
          </Text>
          <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} />
          <Textarea label="Message" value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={2000} autosize minRows={2} />
          <Button size="xs" disabled={!message.trim()} loading={actions.busy === 'message'} data-testid="send-notification" onClick={() => void send()}>
            Send message
          </Button>
        </Section>
      )}
    </Stack>
  );
}
