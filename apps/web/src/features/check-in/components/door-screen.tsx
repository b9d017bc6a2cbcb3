import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Box, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudOff, IconSearch, IconShieldX, IconUserQuestion } from '@tabler/icons-react';
import { formatDateTime, formatNumber, formatTime, seatLabel, type CheckInOutcome, type Door, type DoorSeat } from '@hubbub/contract';
import { notifyProblem } from '@/lib/ui';
import { useDoorLive, useUndoCheckIn } from '../api/check-in';
import { useDoorScans, type ScanOutcome } from '../lib/use-door-scans';
import { CameraScanner } from './camera-scanner';

/** Rows of the name list shown at once: the door searches, it does not scroll through a stadium. */
const LIST_MAX = 60;

const labelOf = (seat: DoorSeat) => seatLabel(seat.seat, seat.name);

const LOOK: Record<CheckInOutcome, { color: string; title: string; icon: typeof IconCircleCheck }> = {
  'checked-in': { color: 'green', title: 'Checked in', icon: IconCircleCheck },
  already: { color: 'orange', title: 'Already checked in', icon: IconAlertTriangle },
  'other-event': { color: 'red', title: 'Ticket for another event', icon: IconShieldX },
  forged: { color: 'red', title: 'Not a valid ticket', icon: IconShieldX },
  'not-going': { color: 'red', title: 'Not on the list', icon: IconUserQuestion },
};

function outcomeText(shown: ScanOutcome, timeZone: string): string {
  const seat = shown.seat;
  const when = (s: DoorSeat) => `${formatTime(s.checkedIn!.at, { timeZone })} by ${s.checkedIn!.by} on ${s.checkedIn!.device}`;
  switch (shown.outcome) {
    case 'checked-in':
      return shown.pending ? `${labelOf(seat!)}. Saved on this device; it goes up when the network is there.` : `${labelOf(seat!)}. Welcome!`;
    case 'already':
      if (shown.overtaken) return `Another device scanned this ticket first: ${labelOf(seat!)} was checked in at ${when(seat!)}.`;
      return `${labelOf(seat!)} was checked in at ${when(seat!)}.`;
    case 'other-event':
      return 'This ticket is for a different event or date.';
    case 'forged':
      return 'This code was not issued for this event, or it was altered.';
    case 'not-going':
      return shown.pending ? 'This ticket is not on this device’s list. Checking with the server…' : 'This ticket’s seat was given back: they left the list, or bring fewer guests now.';
  }
}

function ScanResult({ shown, timeZone, onUndo, undoing }: { shown: ScanOutcome; timeZone: string; onUndo: () => void; undoing: boolean }) {
  const look = LOOK[shown.outcome];
  const Icon = look.icon;
  return (
    <Alert color={look.color} variant="filled" radius="md" icon={<Icon size={28} aria-hidden />} title={look.title} role="status" data-testid="scan-result" data-outcome={shown.outcome} data-pending={shown.pending}>
      <Stack gap="xs">
        <Text size="md">{outcomeText(shown, timeZone)}</Text>
        {shown.outcome === 'checked-in' && (
          <Button variant="white" color="dark" size="xs" w="fit-content" loading={undoing} onClick={onUndo}>
            Undo
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function SeatRow({ seat, timeZone, onCheckIn, onUndo }: { seat: DoorSeat; timeZone: string; onCheckIn: () => void; onUndo: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" py={6} data-testid="door-seat">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={500} truncate>
          {labelOf(seat)}
        </Text>
        <Text size="xs" c="dimmed">
          {seat.checkedIn ? `In at ${formatTime(seat.checkedIn.at, { timeZone })} · ${seat.checkedIn.device}` : 'Not checked in'}
        </Text>
      </Stack>
      {seat.checkedIn ? (
        <Button size="xs" variant="subtle" color="gray" onClick={onUndo} aria-label={`Undo the check-in of ${labelOf(seat)}`} style={{ flexShrink: 0 }}>
          Undo
        </Button>
      ) : (
        <Button size="xs" variant="light" onClick={onCheckIn} aria-label={`Check in ${labelOf(seat)}`} style={{ flexShrink: 0 }}>
          Check in
        </Button>
      )}
    </Group>
  );
}

/**
 * The door (the host's, in the app on any phone or laptop): a USB or Bluetooth scanner types each
 * code into the box and presses Enter, or the door finds people by name. Codes are checked on the
 * device, so a bad connection does not stop the line; check-ins go up when the network is there.
 */
export function DoorScreen({ door }: { door: Door }) {
  const scans = useDoorScans(door.eventId, door);
  const undo = useUndoCheckIn(door.eventId);
  useDoorLive(door.eventId);
  const [code, setCode] = useState('');
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const view = scans.view(door);
  const { going, checkedIn } = view.counts;

  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (q ? view.seats.filter((s) => labelOf(s).toLowerCase().includes(q)) : view.seats).slice(0, LIST_MAX);
  }, [view.seats, query]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = code.trim();
    setCode('');
    input.current?.focus();
    if (text) void scans.scan({ code: text });
  };

  const undoSeat = (seat: { goingId: string; seat: number }) => {
    if (scans.dropQueued(seat)) {
      scans.setLatest(null);
      return;
    }
    undo.mutate(seat, {
      onSuccess: () => scans.setLatest(null),
      onError: (error) => notifyProblem(error, 'The check-in could not be undone'),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="nowrap" gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg">
            {door.name}
          </Text>
          <Text c="dimmed" size="sm">
            {formatDateTime(door.startDate, { timeZone: door.timeZone, zoneName: true })}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xl" fw={700} data-testid="door-counts" aria-live="polite">
            {formatNumber(checkedIn)} of {formatNumber(going)} in
          </Text>
          <Text size="xs" c="dimmed" data-testid="door-device" title="This device's name, told to the other devices at the door">
            {scans.device}
          </Text>
        </Stack>
      </Group>
      <Progress value={going ? (100 * checkedIn) / going : 0} size="lg" radius="xl" aria-label="Checked in so far" />
      {(scans.offline || scans.pending > 0) && (
        <Alert color="yellow" icon={<IconCloudOff size={18} aria-hidden />} data-testid="door-offline">
          {scans.offline ? 'No connection. ' : ''}
          {scans.pending > 0
            ? `${formatNumber(scans.pending)} ${scans.pending === 1 ? 'check-in waits' : 'check-ins wait'} to go up; keep scanning, they are kept on this device.`
            : 'Keep scanning: check-ins are kept on this device until the network is back.'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <form onSubmit={submit}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  ref={input}
                  label="Ticket code"
                  description="Scan with a USB or Bluetooth scanner, or type the code and press Enter."
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                  style={{ flex: 1 }}
                  data-testid="ticket-code"
                />
                <Button type="submit">Check in</Button>
              </Group>
            </form>
            <Box mt="sm">
              <CameraScanner onCode={(text) => void scans.scan({ code: text })} />
            </Box>
          </Paper>
          {scans.latest && (
            <ScanResult shown={scans.latest} timeZone={door.timeZone} undoing={undo.isPending} onUndo={() => scans.latest?.seat && undoSeat(scans.latest.seat)} />
          )}
          {scans.firstElsewhere.length > 0 && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="Scanned first on another device"
              withCloseButton
              closeButtonLabel="Got it"
              onClose={scans.dismissElsewhere}
              data-testid="first-elsewhere"
            >
              <Stack gap={2}>
                <Text size="sm">This device let these tickets in too, but another device scanned them first, and its check-in is the one kept:</Text>
                {scans.firstElsewhere.map((seat) => (
                  <Text size="sm" key={`${seat.goingId}:${seat.seat}`}>
                    {labelOf(seat)}: {seat.checkedIn!.device} at {formatTime(seat.checkedIn!.at, { timeZone: door.timeZone })}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
        </Stack>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <TextInput
              label="Find by name"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="A name or “guest”"
              data-testid="door-search"
            />
            {found.length ? (
              <Stack gap={0}>
                {found.map((seat) => (
                  <SeatRow
                    key={`${seat.goingId}:${seat.seat}`}
                    seat={seat}
                    timeZone={door.timeZone}
                    onCheckIn={() => void scans.scan({ goingId: seat.goingId, seat: seat.seat })}
                    onUndo={() => undoSeat(seat)}
                  />
                ))}
              </Stack>
            ) : (
              <Text c="dimmed" size="sm">
                {view.seats.length ? 'Nobody by that name is going.' : 'Nobody is going yet.'}
              </Text>
            )}
            {view.seats.length > found.length && !query && (
              <Badge variant="light" color="gray">
                {formatNumber(view.seats.length - found.length)} more: search by name
              </Badge>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
