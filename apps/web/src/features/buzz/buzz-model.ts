import type { EventPhase, Timeline, TimelineState } from '@hubbub/contract';

// The buzz names the event's phase as everywhere else (phaseWithSession and EVENT_PHASE_LABELS in
// the contract): a stopped session is not the event's end, so a Stop before it reads Upcoming.

/** The line under the stage when no flyer shows, by phase: why nothing is on. */
export function quietStageText(phase: EventPhase): string {
  if (phase === 'live') return 'No flyers are showing right now.';
  if (phase === 'canceled') return 'This event is canceled.';
  if (phase === 'ended') return 'This event has ended.';
  return 'The buzz is not live right now. Flyers appear here when the host goes live.';
}

/** "Launch now" durations offered to the host, in minutes. */
export const LAUNCH_DURATIONS = [5, 15, 60] as const;

/** A launch window starting now; ISO instants with an offset, as the contract wants. */
export function launchWindow(now: Date, minutes: number): { startDate: string; endDate: string } {
  return { startDate: now.toISOString(), endDate: new Date(now.getTime() + minutes * 60_000).toISOString() };
}

/** A date-time picker's value (`YYYY-MM-DD HH:mm:ss`, local time, no zone) → ISO instant, or null. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Date → a date-time picker's value in local time. */
export function isoToLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

const ORDER: Record<TimelineState, number> = { Active: 0, Scheduled: 1, Done: 2, Canceled: 3 };

/** Active first, then scheduled soonest first, then the finished ones latest first. */
export function sortTimelines(timelines: readonly Timeline[]): Timeline[] {
  return [...timelines].sort((a, b) => {
    const byState = ORDER[a.state] - ORDER[b.state];
    if (byState) return byState;
    const diff = Date.parse(a.startDate) - Date.parse(b.startDate);
    return a.state === 'Done' || a.state === 'Canceled' ? -diff : diff;
  });
}

/** What the live region says when flyers appear: one line per flyer not seen on screen before. */
export function newFlyerAnnouncements(seen: ReadonlySet<string>, flyers: readonly { id: string; name: string }[]): string[] {
  return flyers.filter((f) => !seen.has(f.id)).map((f) => `New flyer: ${f.name || 'untitled'}`);
}

/** A host's message as the live region reads it. */
export function hostMessageAnnouncement(title: string | null | undefined, message: string | null | undefined): string {
  const text = [title, message].map((s) => s?.trim()).filter(Boolean).join('. ');
  return `Message from the host: ${text}`;
}
