import { describe, expect, it } from 'vitest';
import { createBatchedRead } from './batched-read.js';

/** A read whose answers name the read (its number) and the item, and which finishes when told to. */
function recordingRead() {
  const reads: { group: string; items: string[]; finish: () => void }[] = [];
  let made = 0;
  const read = (group: string, items: string[]) =>
    new Promise<string[]>((resolve) => {
      const n = ++made;
      reads.push({ group, items, finish: () => resolve(items.map((item) => `${n}:${item}`)) });
    });
  return { reads, read };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until `check` holds: the next read starts after the previous one's spacing. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await sleep(5);
  expect(check()).toBe(true);
}

describe('a batched read', () => {
  it('answers a lone caller from a read of its own', async () => {
    const { reads, read } = recordingRead();
    const batched = createBatchedRead({ read, spacingMs: 0 });
    const answer = batched.load('g', 'a');
    await turn();
    expect(reads.map((r) => r.items)).toEqual([['a']]);
    reads[0].finish();
    expect(await answer).toBe('1:a');
  });

  it('gives the callers of one turn one read, each its own answer', async () => {
    const { reads, read } = recordingRead();
    const batched = createBatchedRead({ read, spacingMs: 0 });
    const answers = Promise.all(['a', 'b', 'c'].map((item) => batched.load('g', item)));
    await turn();
    expect(reads).toHaveLength(1);
    reads[0].finish();
    expect(await answers).toEqual(['1:a', '1:b', '1:c']);
  });

  it('never answers a caller from a read that started before it asked (nothing stale)', async () => {
    const { reads, read } = recordingRead();
    const batched = createBatchedRead({ read, spacingMs: 0 });
    const first = batched.load('g', 'a');
    await turn();
    // Asked while read 1 runs: they wait for it, then share read 2.
    const late = Promise.all([batched.load('g', 'b'), batched.load('g', 'c')]);
    await turn();
    expect(reads).toHaveLength(1);
    reads[0].finish();
    expect(await first).toBe('1:a');
    await until(() => reads.length === 2);
    expect(reads.map((r) => r.items)).toEqual([['a'], ['b', 'c']]);
    reads[1].finish();
    expect(await late).toEqual(['2:b', '2:c']);
  });

  it('reads each group apart, at the same time', async () => {
    const { reads, read } = recordingRead();
    const batched = createBatchedRead({ read, spacingMs: 0 });
    const answers = Promise.all([batched.load('one', 'a'), batched.load('two', 'b'), batched.load('one', 'c')]);
    await turn();
    expect(reads.map((r) => [r.group, r.items])).toEqual([
      ['one', ['a', 'c']],
      ['two', ['b']],
    ]);
    for (const r of reads) r.finish();
    expect(await answers).toEqual(['1:a', '2:b', '1:c']);
  });

  it('splits a long queue into reads of maxItems, run together', async () => {
    const { reads, read } = recordingRead();
    const batched = createBatchedRead({ read, maxItems: 2, spacingMs: 0 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map((item) => batched.load('g', item)));
    await turn();
    expect(reads.map((r) => r.items)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    for (const r of reads) r.finish();
    expect(await answers).toEqual(['1:a', '1:b', '2:c', '2:d', '3:e']);
  });

  it('rejects only the callers of a read that failed, and reads on for the next', async () => {
    let calls = 0;
    const batched = createBatchedRead<string, string>({
      spacingMs: 0,
      read: async (_group, items) => {
        if (++calls === 1) throw new Error('database gone');
        return items;
      },
    });
    const failed = batched.load('g', 'a');
    await expect(failed).rejects.toThrow('database gone');
    expect(await batched.load('g', 'b')).toBe('b');
  });

  it('starts a group\'s reads at least spacingMs apart, so a trickling crowd still shares them; a lone caller is read at once', async () => {
    const started: number[] = [];
    const batched = createBatchedRead<string, string>({
      // Long beside the trickle below, so a loaded machine's late timers still fall within it.
      spacingMs: 600,
      read: async (_group, items) => {
        started.push(performance.now());
        return items;
      },
    });
    const t0 = performance.now();
    expect(await batched.load('g', 'a')).toBe('a');
    expect(started[0] - t0).toBeLessThan(250);
    // Five callers, one every 5 ms, all within the spacing: one more read, after it.
    const trickle: Promise<string>[] = [];
    for (const item of ['b', 'c', 'd', 'e', 'f']) {
      trickle.push(batched.load('g', item));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(trickle)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(started).toHaveLength(2);
    // A timer may fire a millisecond or two before performance.now() says its time is up.
    expect(started[1] - started[0]).toBeGreaterThanOrEqual(590);
    // Another group is not held up by this one's spacing.
    const other = performance.now();
    await batched.load('h', 'x');
    expect(started[2] - other).toBeLessThan(250);
  });

  it('spaces a group\'s reads by ten times the last one\'s duration', async () => {
    const started: number[] = [];
    let firstTook = 0;
    const batched = createBatchedRead<string, string>({
      read: async (_group, items) => {
        started.push(performance.now());
        // The first read is slow (about 15 ms): the next waits ten times what it took, from its start.
        if (started.length === 1) {
          await sleep(15);
          firstTook = performance.now() - started[0];
        }
        return items;
      },
    });
    await batched.load('g', 'a');
    expect(await batched.load('g', 'b')).toBe('b');
    // A timer may fire a millisecond early, so the bound is what the read really took, not the 15 ms asked for.
    expect(started[1] - started[0]).toBeGreaterThanOrEqual(10 * firstTook - 2);
    expect(started[1] - started[0]).toBeGreaterThanOrEqual(100);
    expect(started[1] - started[0]).toBeLessThan(1000);
  });

  it('refuses a read that answers the wrong number of items', async () => {
    const batched = createBatchedRead<string, string>({ read: async () => [] });
    await expect(batched.load('g', 'a')).rejects.toThrow(/answered 0 items for 1/);
  });
});
