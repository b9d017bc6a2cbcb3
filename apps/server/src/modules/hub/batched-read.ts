/**
 * One read for many callers who ask the same kind of question at once: a crowd connecting to the
 * hub (is my session live?) or joining one event (may I see it? what is on stage?). Each caller
 * would otherwise be a database round trip of its own; here the callers of a group (one event, one
 * tenant) that arrive while the group's previous read is running wait for it to finish and then
 * share the next one, so the number of reads follows the database's speed, not the crowd's size.
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
  /** The next read is scheduled (setImmediate) and will take the queue as it is then. */
  scheduled: boolean;
}

const DEFAULT_MAX_ITEMS = 256;

export function createBatchedRead<T, R>(opts: BatchedReadOptions<T, R>): BatchedRead<T, R> {
  const maxItems = Math.max(1, opts.maxItems ?? DEFAULT_MAX_ITEMS);
  const groups = new Map<string, GroupState<T, R>>();

  const schedule = (group: string, state: GroupState<T, R>) => {
    if (state.running || state.scheduled) return;
    state.scheduled = true;
    // After this turn's I/O callbacks: the upgrades and invocations that arrived together share a read.
    setImmediate(() => void start(group, state));
  };

  async function start(group: string, state: GroupState<T, R>): Promise<void> {
    state.scheduled = false;
    const taken = state.queue.splice(0);
    state.running = true;
    const chunks: Waiting<T, R>[][] = [];
    for (let i = 0; i < taken.length; i += maxItems) chunks.push(taken.slice(i, i + maxItems));
    await Promise.all(chunks.map((chunk) => readChunk(group, chunk)));
    state.running = false;
    if (state.queue.length) schedule(group, state);
    // A group with nobody waiting is forgotten: events come and go.
    else if (groups.get(group) === state) groups.delete(group);
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
      if (!state) groups.set(group, (state = { queue: [], running: false, scheduled: false }));
      const current = state;
      return new Promise<R>((resolve, reject) => {
        current.queue.push({ item, resolve, reject });
        schedule(group, current);
      });
    },
  };
}
