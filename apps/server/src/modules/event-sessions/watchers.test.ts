import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubRuntime } from '../hub/index.js';
import { WatcherAnnouncer } from './watchers.js';

const EVENT_ID = '5b0c3c52-0000-4000-8000-000000000001';

/** A hub with one group of `members` here, recording what is broadcast and when. */
function fakeHub(members: { n: number }) {
  const sent: { at: number; frame: string }[] = [];
  const hub = {
    groups: { count: () => members.n, total: async () => members.n },
    broadcast: async (_group: string, frame: Buffer) => void sent.push({ at: Date.now(), frame: frame.toString() }),
  } as unknown as HubRuntime;
  return { hub, sent };
}

describe('watcher announcements', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('tell a small room its count once per window, the latest count, however many joined meanwhile', async () => {
    const members = { n: 1 };
    const { hub, sent } = fakeHub(members);
    const announcer = new WatcherAnnouncer(hub, 250);
    for (let i = 0; i < 10; i++) {
      members.n = i + 1;
      announcer.changed('g', EVENT_ID);
    }
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].frame.slice(0, -1)).arguments).toEqual([{ EventId: EVENT_ID, Watchers: 10 }]);
  });

  it('wait longer in a big crowd, so its counts cost at most 2,000 frames a second here', async () => {
    const members = { n: 5000 };
    const { hub, sent } = fakeHub(members);
    const announcer = new WatcherAnnouncer(hub, 250);
    announcer.changed('g', EVENT_ID);
    await vi.advanceTimersByTimeAsync(2499);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.at)).toEqual([2500]);
    // 2,000 watchers: a second.
    members.n = 2000;
    announcer.changed('g', EVENT_ID);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((s) => s.at)).toEqual([2500, 3500]);
    announcer.stop();
  });
});
