import { describe, expect, it } from 'vitest';
import type { EventPhase, Timeline } from '@hubbub/contract';
import { consoleControls, endConfirmText, scheduledLaunches, stageSummary } from './console-model';

const timeline = (id: string, state: Timeline['state'], start: string, end: string, flyerIds = [id]): Timeline => ({
  id,
  eventId: 'e',
  launchDate: start,
  startDate: start,
  endDate: end,
  flyerIds,
  state,
  repeatEverySeconds: null,
});

describe('the host console: controls by session state', () => {
  it('not live: Go live, and launching goes live first; no message, no End', () => {
    for (const phase of ['upcoming', 'happening', 'ended'] satisfies EventPhase[]) {
      expect(consoleControls({ phase, connected: true, hasFlyers: true })).toEqual({
        state: 'not-live',
        goLive: true,
        launch: 'go-live-first',
        schedule: true,
        message: false,
        end: false,
      });
    }
  });

  it('live: launch, schedule, message and End; no Go live', () => {
    expect(consoleControls({ phase: 'live', connected: true, hasFlyers: true })).toEqual({ state: 'live', goLive: false, launch: 'now', schedule: true, message: true, end: true });
  });

  it('without flyers nothing is launched or scheduled, in either state', () => {
    expect(consoleControls({ phase: 'live', connected: true, hasFlyers: false })).toMatchObject({ launch: null, schedule: false, message: true, end: true });
    expect(consoleControls({ phase: 'upcoming', connected: true, hasFlyers: false })).toMatchObject({ goLive: true, launch: null, schedule: false });
  });

  it('offers nothing while connecting, nor for a canceled event', () => {
    const nothing = { goLive: false, launch: null, schedule: false, message: false, end: false };
    expect(consoleControls({ phase: 'live', connected: false, hasFlyers: true })).toEqual({ state: 'connecting', ...nothing });
    expect(consoleControls({ phase: 'canceled', connected: true, hasFlyers: true })).toEqual({ state: 'canceled', ...nothing });
  });

  it("End's confirmation names what happens: watchers see the end, launches to come are canceled, the event stays", () => {
    const when = 'Wed, Nov 25, 7:00 – 10:00 PM CST';
    expect(endConfirmText(when, 2)).toMatch(/Everyone watching sees the buzz end.*The 2 scheduled launches are canceled\. The event stays on Wed, Nov 25/);
    expect(endConfirmText(when, 1)).toContain('The 1 scheduled launch is canceled.');
    expect(endConfirmText(when, 0)).toContain('No launches are scheduled.');
    const list = [timeline('a', 'Active', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z'), timeline('b', 'Scheduled', '2026-01-01T12:00:00Z', '2026-01-01T13:00:00Z'), timeline('c', 'Done', '2026-01-01T09:00:00Z', '2026-01-01T09:30:00Z')];
    expect(scheduledLaunches(list)).toBe(1);
  });
});

describe('the stage summary', () => {
  const now = new Date('2026-01-01T10:30:00Z');
  const names = new Map([
    ['a', 'Doors'],
    ['b', 'Raffle'],
    ['c', 'Last call'],
  ]);

  it('says what is on now and until when, and what is next, when and how soon', () => {
    const list = [
      timeline('c', 'Scheduled', '2026-01-01T12:00:00Z', '2026-01-01T12:15:00Z'),
      timeline('b', 'Scheduled', '2026-01-01T10:45:00Z', '2026-01-01T11:00:00Z'),
      timeline('a', 'Active', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z'),
    ];
    const summary = stageSummary(list, names, now, 'UTC');
    expect(summary.now).toEqual({ names: 'Doors', until: '11:00 AM' });
    expect(summary.next).toMatchObject({ names: 'Raffle', relative: 'in 15 minutes' });
    expect(summary.next?.when).toMatch(/10:45/);
  });

  it('says nothing of either when nothing is on or to come', () => {
    expect(stageSummary([timeline('a', 'Done', '2026-01-01T10:00:00Z', '2026-01-01T10:10:00Z')], names, now, 'UTC')).toEqual({ now: null, next: null });
  });
});
