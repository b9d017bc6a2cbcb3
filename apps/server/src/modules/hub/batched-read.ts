/**
 * One read for many callers who ask the same kind of question at once: a crowd connecting to the
 * hub (is my session live?) or joining one event (may I see it? what is on stage?). Each caller
 * would otherwise be a database round trip of its own; here the callers of a group (one event, one
 * tenant) that arrive while the group's previous read is running wait for it to finish and then
 * share the next one, so the number of reads follows the database's speed, not the crowd's size.
 *
 * A group's reads are also spaced: the next starts no sooner than ten times the last one's
 * duration after it (at most 250 ms, and at least `spacingMs`), so one group's reads take at most about
 * a tenth of the time, on a fast database or a slow one. A crowd trickling in (its connections
 * held up by a busy server's accept queue) would otherwise be read a few at a time, each read
 * costing the busy server (PGlite runs in its event loop) about as much as a big one. A lone
 * caller after a quiet spell is read at once.
 *
 * Nothing is cached: a caller only ever joins a read that has not started yet, so every answer was
 * read after the question was asked, exactly as if each caller had queried alone. A session revoked
 * or a block written a moment before is seen; there is nothing to invalidate.
 */
export interface BatchedReadOptions<T, R> {
  /** Reads the answers of one group's callers, one answer per item in the items' order. */
  read(group: string, items: T[]): Promise<R[]>;
  /** Items per read at most (a longer queue is read in several reads at once); 256 by default. */
  maxItems?: number;
  /** The least time between the starts of two reads of a group, however quick they are; 0 by default. */
  spacingMs?: number;
}

export interface BatchedRead<T, R> {
  /** The answer for `item`, from a read that starts after this call. */
  load(group: string, item: T): Promise<R>;
}

interface Waiting<T, R> {
  item: T;
  resolve(answer: R): void;
  reject(error: unknown): void;
}

interface GroupState<T, R> {
  queue: Waiting<T, R>[];
  /** A read of this group is running (its callers' answers are on their way). */
  running: boolean;
  /** The next read is scheduled and will take the queue as it is then. */
  scheduled: boolean;
  /** When the group's last read started, and how long it took (ms, performance.now()). */
  lastStartedAt: number;
  lastTookMs: number;
}

const DEFAULT_MAX_ITEMS = 256;
/** A group's next read waits ten times as long as its last one took... */
const SPACING_FACTOR = 10;
/** ...but no more than this (a database that stalled once does not hold the next callers long), unless spacingMs asks for more. */
const MAX_SPACING_MS = 250;

export function createBatchedRead<T, R>(opts: BatchedReadOptions<T, R>): BatchedRead<T, R> {
  const maxItems = Math.max(1, opts.maxItems ?? DEFAULT_MAX_ITEMS);
  const spacingMs = Math.max(0, opts.spacingMs ?? 0);
  const groups = new Map<string, GroupState<T, R>>();

  const spacingOf = (state: GroupState<T, R>) => Math.max(spacingMs, Math.min(MAX_SPACING_MS, SPACING_FACTOR * state.lastTookMs));

  const schedule = (group: string, state: GroupState<T, R>) => {
    if (state.running || state.scheduled) return;
    state.scheduled = true;
    const wait = state.lastStartedAt + spacingOf(state) - performance.now();
    // At the soonest after this turn's I/O callbacks: the upgrades and invocations that arrived together share a read.
    if (wait <= 0) setImmediate(() => void start(group, state));
    else setTimeout(() => void start(group, state), wait);
  };

  async function start(group: string, state: GroupState<T, R>): Promise<void> {
    state.scheduled = false;
    state.running = true;
    const startedAt = performance.now();
    state.lastStartedAt = startedAt;
    const taken = state.queue.splice(0);
    const chunks: Waiting<T, R>[][] = [];
    for (let i = 0; i < taken.length; i += maxItems) chunks.push(taken.slice(i, i + maxItems));
    await Promise.all(chunks.map((chunk) => readChunk(group, chunk)));
    state.lastTookMs = performance.now() - startedAt;
    state.running = false;
    if (state.queue.length) schedule(group, state);
    // A group with nobody waiting is forgotten once its spacing is over: events come and go.
    else setTimeout(() => forget(group, state), spacingOf(state)).unref();
  }

  function forget(group: string, state: GroupState<T, R>): void {
    if (groups.get(group) === state && !state.running && !state.scheduled && !state.queue.length) groups.delete(group);
  }

  async function readChunk(group: string, chunk: Waiting<T, R>[]): Promise<void> {
    try {
      const answers = await opts.read(group, chunk.map((w) => w.item));
      if (answers.length !== chunk.length) throw new Error(`A batched read answered ${answers.length} items for ${chunk.length}.`);
      chunk.forEach((w, i) => w.resolve(answers[i]));
    } catch (error) {
      for (const w of chunk) w.reject(error);
    }
  }

  return {
    load(group, item) {
      let state = groups.get(group);
      if (!state) groups.set(group, (state = { queue: [], running: false, scheduled: false, lastStartedAt: -Infinity, lastTookMs: 0 }));
      const current = state;
      return new Promise<R>((resolve, reject) => {
        current.queue.push({ item, resolve, reject });
        schedule(group, current);
      });
    },
  };
}
