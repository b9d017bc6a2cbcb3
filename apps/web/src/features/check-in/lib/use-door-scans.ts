import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHECK_IN_BATCH_MAX, type CheckInOutcome, type CheckInScan, type Door, type DoorSeat } from '@hubbub/contract';
import { hasCode, queryKeys } from '@/lib/api';
import { scanTickets, withScans } from '../api/check-in';
import { checkCode } from './check-code';

/** A scan made on this device that the server has not answered yet (kept across reloads, per event). */
export interface QueuedScan {
  id: string;
  /** The seat the device found the code to be (null: not on its list). */
  ref: { goingId: string; seat: number } | null;
  scan: CheckInScan;
}

/** What the door shows for the latest scan; `pending` until the server agreed (offline, at once from the device's own check). */
export interface ScanOutcome {
  id: string;
  outcome: CheckInOutcome;
  seat: DoorSeat | null;
  pending: boolean;
  /** This device let them in first, offline, and another device's scan came earlier. */
  overtaken?: boolean;
}

/** How often a queue that could not reach the server tries again. */
const RETRY_MS = 3_000;
const DEVICE_KEY = 'hubbub.door-device';
const queueKey = (eventId: string) => `hubbub.door-queue.${eventId}`;

/** This device's name at the door, made once and kept: the other devices are told it when they scan the same ticket second. */
export function doorDeviceName(): string {
  let name = localStorage.getItem(DEVICE_KEY);
  if (!name) {
    name = `Door ${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
    localStorage.setItem(DEVICE_KEY, name);
  }
  return name;
}

function readQueue(eventId: string): QueuedScan[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(queueKey(eventId)) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

const seatKey = (s: { goingId: string; seat: number }) => `${s.goingId}:${s.seat}`;
const sameSeat = (a: { goingId: string; seat: number }, b: { goingId: string; seat: number }) => a.goingId === b.goingId && a.seat === b.seat;

/**
 * The door's scanning: each code is checked on the device at once (signature, event, the list
 * read when the screen opened), shown, and queued for the server; the queue goes up whenever the
 * network is there (kept in the browser until it does), and the server's answer, the first scan
 * wins, replaces what the device guessed.
 */
export function useDoorScans(eventId: string, door: Door | undefined) {
  const client = useQueryClient();
  const [device] = useState(doorDeviceName);
  const [queue, setQueue] = useState<QueuedScan[]>(() => readQueue(eventId));
  const [latest, setLatest] = useState<ScanOutcome | null>(null);
  const [offline, setOffline] = useState(false);
  // Seats this device let in before the server answered: if the server's list names another device for one, that device was first.
  const [tried, setTried] = useState<ReadonlySet<string>>(() => new Set(readQueue(eventId).flatMap((q) => (q.ref ? [seatKey(q.ref)] : []))));
  const sending = useRef(false);
  // The queued scans on their way up: taking one back now is the server's undo, not the queue's.
  const inFlight = useRef<ReadonlySet<string>>(new Set());
  const queueRef = useRef(queue);

  const saveQueue = useCallback(
    (next: QueuedScan[]) => {
      queueRef.current = next;
      localStorage.setItem(queueKey(eventId), JSON.stringify(next));
      setQueue(next);
    },
    [eventId],
  );

  const setDoor = useCallback((change: (door: Door) => Door) => client.setQueryData<Door>(queryKeys.checkIn.door(eventId), (d) => d && change(d)), [client, eventId]);

  const flush = useCallback(async () => {
    if (sending.current || !queueRef.current.length) return;
    sending.current = true;
    try {
      while (queueRef.current.length) {
        const batch = queueRef.current.slice(0, CHECK_IN_BATCH_MAX);
        inFlight.current = new Set(batch.map((q) => q.id));
        const answer = await scanTickets(eventId, batch.map((q) => q.scan));
        setOffline(false);
        setDoor((d) => withScans(d, answer));
        const sent = new Set(batch.map((q) => q.id));
        saveQueue(queueRef.current.filter((q) => !sent.has(q.id)));
        setLatest((shown) => {
          const at = shown ? batch.findIndex((q) => q.id === shown.id) : -1;
          if (!shown || at < 0) return shown;
          const result = answer.results[at]!;
          // This device said "checked in" offline; another device's earlier scan won.
          const overtaken = shown.outcome === 'checked-in' && result.outcome === 'already';
          return { id: shown.id, outcome: result.outcome, seat: result.seat, pending: false, overtaken };
        });
      }
    } catch (error) {
      if (hasCode(error, 'not_owner', 'not_found', 'validation')) {
        // Refused for good (taken off the door staff, the event gone): nothing in the queue can go up.
        saveQueue([]);
        throw error;
      }
      // No answer, or none worth believing (a proxy's error page, a busy server): keep it all and try again.
      setOffline(hasCode(error, 'network'));
    } finally {
      inFlight.current = new Set();
      sending.current = false;
    }
  }, [eventId, saveQueue, setDoor]);

  useEffect(() => {
    const retry = () => void flush().catch(() => undefined);
    retry();
    const timer = window.setInterval(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [flush]);

  /** Checks in a scanned or typed code, or a seat picked from the list; answers what the door shows. */
  const scan = useCallback(
    async (input: { code: string } | { goingId: string; seat: number }): Promise<ScanOutcome> => {
      if (!door) throw new Error('The door is not loaded yet.');
      const id = crypto.randomUUID();
      let ref: { goingId: string; seat: number };
      if ('code' in input) {
        const local = await checkCode(input.code, eventId, door.publicKey);
        if (local.outcome !== 'valid') {
          const shown = { id, outcome: local.outcome, seat: null, pending: false };
          setLatest(shown);
          return shown;
        }
        ref = local.ref;
      } else {
        ref = input;
      }
      const known = door.seats.find((s) => sameSeat(s, ref));
      const queued = queueRef.current.find((q) => q.ref && sameSeat(q.ref, ref));
      if (known && (known.checkedIn || queued)) {
        const seat = known.checkedIn ? known : { ...known, checkedIn: { at: queued!.scan.scannedAt!, by: 'This device', device } };
        const shown = { id, outcome: 'already' as const, seat, pending: false };
        setLatest(shown);
        return shown;
      }
      const scannedAt = new Date().toISOString();
      const seat = known ? { ...known, checkedIn: { at: scannedAt, by: 'This device', device } } : null;
      // A seat not on the list read at the start (someone said Going since) is for the server to decide.
      const shown: ScanOutcome = { id, outcome: seat ? 'checked-in' : 'not-going', seat, pending: true };
      setLatest(shown);
      if (known) setTried((t) => new Set(t).add(seatKey(ref)));
      saveQueue([...queueRef.current, { id, ref: known ? ref : null, scan: { ...('code' in input ? { code: input.code.trim() } : ref), scannedAt, device } }]);
      void flush().catch(() => undefined);
      return shown;
    },
    [door, eventId, device, flush, saveQueue],
  );

  /** Takes back a check-in this device made that has not gone up yet; true when there was one (false: the server's undo is needed). */
  const dropQueued = useCallback(
    (seat: { goingId: string; seat: number }) => {
      setTried((t) => {
        const next = new Set(t);
        next.delete(seatKey(seat));
        return next;
      });
      const mine = (q: QueuedScan) => q.ref !== null && sameSeat(q.ref, seat);
      if (queueRef.current.some((q) => mine(q) && inFlight.current.has(q.id))) return false;
      const kept = queueRef.current.filter((q) => !mine(q));
      if (kept.length === queueRef.current.length) return false;
      saveQueue(kept);
      return true;
    },
    [saveQueue],
  );

  /** The door as this device sees it: the server's list, with its own check-ins still waiting to go up. */
  const view = useCallback(
    (d: Door): Door => {
      const waiting = queue.filter((q) => q.ref && !d.seats.find((s) => sameSeat(s, q.ref!))?.checkedIn);
      if (!waiting.length) return d;
      const seats = d.seats.map((s) => {
        const q = waiting.find((w) => sameSeat(w.ref!, s));
        return q ? { ...s, checkedIn: { at: q.scan.scannedAt!, by: 'This device', device } } : s;
      });
      return { ...d, seats, counts: { ...d.counts, checkedIn: seats.filter((s) => s.checkedIn).length } };
    },
    [queue, device],
  );

  /** Seats this device let in while another device's scan came first (told once the server's list says so). */
  const firstElsewhere = door ? door.seats.filter((s) => tried.has(seatKey(s)) && s.checkedIn && s.checkedIn.device !== device) : [];
  // The latest scan's banner follows: "checked in" here becomes "another device was first".
  const overtaken = latest?.outcome === 'checked-in' && latest.seat ? firstElsewhere.find((s) => sameSeat(s, latest.seat!)) : undefined;
  const shown = overtaken ? { ...latest!, outcome: 'already' as const, seat: overtaken, pending: false, overtaken: true } : latest;

  /** The door read the notice: those seats are no longer this device's to be told about. */
  const dismissElsewhere = () =>
    setTried((t) => {
      const next = new Set(t);
      for (const s of firstElsewhere) next.delete(seatKey(s));
      return next;
    });

  return { device, scan, latest: shown, setLatest, pending: queue.length, offline, dropQueued, view, firstElsewhere, dismissElsewhere };
}
