import { formatRange, formatRelative, formatTime, type EventPhase, type Timeline } from '@hubbub/contract';

/**
 * The host console's controls by the session's state (issue 26): a console that cannot be misused
 * offers only what makes sense now. The server refuses the rest (session_not_live), this keeps the
 * host from trying.
 */
export interface ConsoleControls {
  /** What the console says the session is. */
  state: 'connecting' | 'not-live' | 'live' | 'canceled';
  goLive: boolean;
  /** Launching: offered live, or before it as "Go live and launch", which starts the session first and says so. */
  launch: 'now' | 'go-live-first' | null;
  schedule: boolean;
  message: boolean;
  end: boolean;
}

const NOTHING = { goLive: false, launch: null, schedule: false, message: false, end: false } as const;

export function consoleControls(opts: { phase: EventPhase; connected: boolean; hasFlyers: boolean }): ConsoleControls {
  const { phase, connected, hasFlyers } = opts;
  // A canceled event does not go live (the hub refuses it); scheduling for it would never show.
  if (phase === 'canceled') return { state: 'canceled', ...NOTHING };
  if (!connected) return { state: 'connecting', ...NOTHING };
  if (phase === 'live') return { state: 'live', goLive: false, launch: hasFlyers ? 'now' : null, schedule: hasFlyers, message: true, end: true };
  return { state: 'not-live', goLive: true, launch: hasFlyers ? 'go-live-first' : null, schedule: hasFlyers, message: false, end: false };
}

/** What End's confirmation says will happen: watchers see the end, launches to come are canceled, the event stays. */
export function endConfirmText(when: string, scheduled: number): string {
  const launches =
    scheduled === 0 ? 'No launches are scheduled.' : scheduled === 1 ? 'The 1 scheduled launch is canceled.' : `The ${scheduled} scheduled launches are canceled.`;
  return `Everyone watching sees the buzz end and the flyers on screen leave their stage. ${launches} The event stays on ${when}: ending the buzz does not end or cancel the event.`;
}

/** Launches still to come, which End cancels (the running ones leave the stage with it). */
export const scheduledLaunches = (timelines: readonly Timeline[]) => timelines.filter((t) => t.state === 'Scheduled').length;

export interface StageSummary {
  /** On stage now: the flyers' names and until when. */
  now: { names: string; until: string } | null;
  /** The next scheduled launch: names, when and how soon. */
  next: { names: string; when: string; relative: string } | null;
}

/** The timeline in two lines: what is on stage now, and what comes next and when (in the viewer's zone). */
export function stageSummary(timelines: readonly Timeline[], names: ReadonlyMap<string, string>, now: Date, timeZone?: string): StageSummary {
  const label = (t: Timeline) => t.flyerIds.map((id) => names.get(id) ?? 'Flyer').join(', ');
  const active = timelines.filter((t) => t.state === 'Active').sort((a, b) => Date.parse(a.endDate) - Date.parse(b.endDate));
  const upcoming = timelines.filter((t) => t.state === 'Scheduled').sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  const first = active[0];
  const next = upcoming[0];
  return {
    now: first ? { names: active.map(label).join(', '), until: formatTime(first.endDate, { timeZone, now }) } : null,
    next: next ? { names: label(next), when: formatRange(next.startDate, next.endDate, { timeZone, now }), relative: formatRelative(next.startDate, { now }) } : null,
  };
}
