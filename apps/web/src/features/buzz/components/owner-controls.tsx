import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, SegmentedControl, Select, Slider, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { EventSessionState, Flyer } from '@hubbub/contract';
import { PICKER_FORMAT } from '@/lib/dates/dayjs';
import { realtime } from '@/lib/realtime';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useLaunchFlyers } from '../api/launches';
import { isoToLocalInput, LAUNCH_DURATIONS, launchWindow, localInputToIso, stopConfirmText } from '../buzz-model';

interface OwnerControlsProps {
  eventId: string;
  flyers: Flyer[];
  connected: boolean;
  /** Whether the session runs now: Start or Stop is the one that matters. */
  live: boolean;
  /** When the event runs, for Stop's confirmation ("The event stays on …"). */
  when: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function OwnerControls({ eventId, flyers, connected, live, when }: OwnerControlsProps) {
  const launch = useLaunchFlyers();
  const [flyerId, setFlyerId] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<string>('15');
  const [scheduleStart, setScheduleStart] = useState(() => isoToLocalInput(new Date(Date.now() + 10 * 60_000)));
  const [scheduleEnd, setScheduleEnd] = useState(() => isoToLocalInput(new Date(Date.now() + 40 * 60_000)));
  const [level, setLevel] = useState(50);
  const [track, setTrack] = useState('');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const chosen = flyerId ?? flyers[0]?.id ?? null;

  async function run(key: string, action: () => Promise<unknown>, done?: string) {
    setBusy(key);
    try {
      await action();
      if (done) notify.success(done);
    } catch (error) {
      notifyProblem(error);
    } finally {
      setBusy(null);
    }
  }

  const setSession = (state: EventSessionState) => run(state, () => realtime.updateSession(eventId, { state }));

  const stop = async () => {
    const sure = await confirm({ title: 'Stop the live session?', message: stopConfirmText(when), confirmLabel: 'Stop the buzz', cancelLabel: 'Keep it live', danger: true });
    if (sure) await setSession('Stopped');
  };

  const launchNow = () => {
    if (!chosen) return;
    void run('launch', () => launch.mutateAsync({ eventId, flyerIds: [chosen], ...launchWindow(new Date(), Number(minutes)) }), 'Flyer launched.');
  };

  const schedule = () => {
    const startDate = localInputToIso(scheduleStart);
    const endDate = localInputToIso(scheduleEnd);
    if (!chosen || !startDate || !endDate) return notify.error('Pick a flyer, a start and an end.');
    void run('schedule', () => launch.mutateAsync({ eventId, flyerIds: [chosen], startDate, endDate }), 'Launch scheduled.');
  };

  return (
    <Stack gap="sm" data-testid="owner-controls">
      <Section title="Session">
        <Group gap="xs">
          <Button size="xs" color="green" disabled={!connected || live} loading={busy === 'Started'} onClick={() => void setSession('Started')} data-testid="session-start">
            Go live
          </Button>
          <Button size="xs" variant="default" disabled={!connected} loading={busy === 'Updated'} onClick={() => void setSession('Updated')}>
            Update
          </Button>
          <Button size="xs" color="red" variant={live ? 'filled' : 'light'} disabled={!connected} loading={busy === 'Stopped'} onClick={() => void stop()} data-testid="session-stop">
            Stop
          </Button>
        </Group>
      </Section>

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
            <Button onClick={launchNow} loading={busy === 'launch'} disabled={!chosen} data-testid="launch-now">
              Launch now
            </Button>
            <Group grow align="flex-end" gap="xs">
              <DateTimePicker label="Start" valueFormat={PICKER_FORMAT} value={scheduleStart} onChange={(value) => setScheduleStart(value ?? '')} />
              <DateTimePicker label="End" valueFormat={PICKER_FORMAT} value={scheduleEnd} onChange={(value) => setScheduleEnd(value ?? '')} />
            </Group>
            <Button variant="light" onClick={schedule} loading={busy === 'schedule'} disabled={!chosen} data-testid="launch-schedule">
              Schedule
            </Button>
          </>
        )}
      </Section>

      <Section title="Sound">
        <Slider value={level} onChange={setLevel} min={0} max={100} label={(v) => `${v}`} thumbLabel="Sound level" />
        <TextInput label="Track" value={track} onChange={(e) => setTrack(e.currentTarget.value)} maxLength={300} />
        <Button size="xs" variant="default" disabled={!connected} loading={busy === 'sound'} onClick={() => void run('sound', () => realtime.updateSound(eventId, { level, track: track || undefined }))}>
          Set sound
        </Button>
      </Section>

      <Section title="Send a notification">
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} />
        <Textarea label="Message" value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={2000} autosize minRows={2} />
        <Button
          size="xs"
          disabled={!connected || !message.trim()}
          loading={busy === 'notify'}
          data-testid="send-notification"
          onClick={() =>
            void run('notify', async () => {
              // The server turns the message into EventNotification for everyone watching (us included).
              await realtime.updateSession(eventId, { state: 'Updated', title: title || undefined, message });
              setMessage('');
            })
          }
        >
          Send notification
        </Button>
      </Section>
    </Stack>
  );
}
