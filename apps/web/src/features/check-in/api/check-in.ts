import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DoorSchema, checkInApi, type CheckInCounts, type CheckInScan, type CheckInScanResults, type CheckInUndo, type Door, type DoorSeat, type MyTickets } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';
import { realtime, useHubEvent, useRealtime } from '@/lib/realtime';
import { PRIVATE_STORAGE_PREFIX } from '@/lib/session';

export function getMyTickets(eventId: string, signal?: AbortSignal): Promise<MyTickets> {
  return engineApi.call(checkInApi.tickets, { params: { id: eventId }, signal });
}

/** A guest's tickets: one per seat, so the key carries how many guests they bring. */
export function myTicketsQueryOptions(eventId: string, guests: number) {
  return queryOptions({ queryKey: queryKeys.checkIn.tickets(eventId, guests), queryFn: ({ signal }) => getMyTickets(eventId, signal), staleTime: 60_000 });
}

export function useMyTickets(eventId: string, guests: number) {
  return useQuery(myTicketsQueryOptions(eventId, guests));
}

export function getDoor(eventId: string, signal?: AbortSignal): Promise<Door> {
  return engineApi.call(checkInApi.door, { params: { id: eventId }, signal });
}

/**
 * How often the door's list and counts are read again while the screen is open: a fallback, as
 * each check-in reaches every device at the door through the hub (useDoorLive) at once.
 */
export const DOOR_REFRESH_MS = 5_000;

const savedDoorKey = (eventId: string) => `${PRIVATE_STORAGE_PREFIX}door.${eventId}`;

/** The door as last read on this device: a reload without a connection opens with it. It goes when the person signs out. */
function savedDoor(eventId: string): Door | undefined {
  try {
    const saved = localStorage.getItem(savedDoorKey(eventId));
    return saved ? DoorSchema.parse(JSON.parse(saved)) : undefined;
  } catch {
    return undefined;
  }
}

async function fetchDoor(eventId: string, signal?: AbortSignal): Promise<Door> {
  const door = await getDoor(eventId, signal);
  localStorage.setItem(savedDoorKey(eventId), JSON.stringify(door));
  return door;
}

/** Forgets the door kept on this device (its host or staff lost it: the list is not theirs to keep). */
export function forgetDoor(eventId: string): void {
  localStorage.removeItem(savedDoorKey(eventId));
}

export function doorQueryOptions(eventId: string) {
  return queryOptions({
    queryKey: queryKeys.checkIn.door(eventId),
    queryFn: ({ signal }) => fetchDoor(eventId, signal),
    refetchInterval: DOOR_REFRESH_MS,
    // What this device read last shows at once, and is read again straight away.
    initialData: () => savedDoor(eventId),
    initialDataUpdatedAt: 0,
  });
}

/** The host's door: every seat held, its check-in, the counts and the key that checks codes. */
export function useDoor(eventId: string) {
  return useQuery(doorQueryOptions(eventId));
}

export function scanTickets(eventId: string, scans: CheckInScan[]): Promise<CheckInScanResults> {
  return engineApi.call(checkInApi.scan, { params: { id: eventId }, body: { scans } });
}

export function undoCheckIn(eventId: string, seat: CheckInUndo): Promise<CheckInCounts> {
  return engineApi.call(checkInApi.undo, { params: { id: eventId }, body: seat });
}

const sameSeat = (a: Pick<DoorSeat, 'goingId' | 'seat'>, b: Pick<DoorSeat, 'goingId' | 'seat'>) => a.goingId === b.goingId && a.seat === b.seat;

/** The door as the server now has it after scans: their seats and the counts, without waiting for the next read. */
export function withScans(door: Door, answer: CheckInScanResults): Door {
  const changed = answer.results.flatMap((r) => (r.seat ? [r.seat] : []));
  return { ...door, counts: answer.counts, seats: door.seats.map((s) => changed.find((c) => sameSeat(c, s)) ?? s) };
}

/**
 * The door live: this device joins the event's door on the hub, and each check-in or undo made
 * on any device updates the counts at once and has the list read again.
 */
export function useDoorLive(eventId: string) {
  const client = useQueryClient();
  useEffect(() => {
    realtime.start();
    return realtime.watchDoor(eventId);
  }, [eventId]);
  // Back after a gap (the network dropped at the door): what the other devices did meanwhile was
  // never pushed here, so the list is read again at once instead of at the next refresh.
  const { state } = useRealtime();
  const last = useRef<{ connected: boolean; ever: boolean }>({ connected: false, ever: false });
  useEffect(() => {
    const connected = state === 'connected';
    if (connected && !last.current.connected && last.current.ever) void client.invalidateQueries({ queryKey: queryKeys.checkIn.door(eventId) });
    last.current = { connected, ever: last.current.ever || connected };
  }, [state, client, eventId]);
  useHubEvent('DoorChanged', (change) => {
    if (change.eventId !== eventId) return;
    client.setQueryData<Door>(queryKeys.checkIn.door(eventId), (door) => door && { ...door, counts: change.counts });
    void client.invalidateQueries({ queryKey: queryKeys.checkIn.door(eventId) });
  });
}

/** Undoes a mistaken check-in; the door's list and counts follow. */
export function useUndoCheckIn(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seat: CheckInUndo) => undoCheckIn(eventId, seat),
    onSuccess: (counts, seat) => {
      client.setQueryData<Door>(queryKeys.checkIn.door(eventId), (door) =>
        door && { ...door, counts, seats: door.seats.map((s) => (sameSeat(s, seat) ? { ...s, checkedIn: null } : s)) },
      );
    },
  });
}
