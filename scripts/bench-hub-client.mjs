// One process of watchers for bench-hub.ts: a child process, so the clients neither
// share the server's event loop nor count in its memory. Talks to the parent over IPC:
// connect, then report each watcher's FlyerStarted delays.
//
// Two kinds of watcher:
//   signalr — the official @microsoft/signalr client, joined to the event's session (the hub cases);
//   ws      — a plain `ws` socket on the bare baseline server, which only parses the frame (the floor).
// Both read the sender's timestamp from the flyer's ContentJson and compute the delay on the
// same clock (performance.timeOrigin + performance.now() in every process).
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const RS = '\u001e';
const IGNORED = ['KeepAliveEvent', 'EventStarted', 'EventUpdated', 'EventSoundUpdated', 'EventStopped', 'EventNotification', 'FlyerUpdated', 'FlyerStopped', 'ChatMessageDeleted', 'ChatSettingsUpdated', 'ChatMemberMuted'];

/** Per connection, how to close it. */
let closers = [];
/** Per connection, as the client saw it: opening (upgrade + handshake) and joining; kept over both connect steps. */
const opens = [];
const joins = [];
/** Per round (flyer id): one delay per watcher. */
const delays = new Map();
let total = 0;
let settled;
/** Starts that failed and were tried again (at most twice each), and the first one's error. */
let startRetries = 0;
let firstStartError;

function record(id, sentAt, at) {
  const list = delays.get(id) ?? [];
  list.push(at - sentAt);
  delays.set(id, list);
  if (list.length === total) settled?.(id);
}

function recordFlyer(flyer) {
  const { sentAt } = JSON.parse(flyer.ContentJson);
  // The flash crowd's event has flyers on stage that a join is sent; they time nothing.
  if (typeof sentAt === 'number') record(flyer.Id, sentAt, now());
}

/** The chat case's line: `round <round id> <sentAt>`. */
function recordChat(message) {
  const at = now();
  const [, id, sentAt] = message.Text.split(' ');
  record(id, Number(sentAt), at);
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50/p99/max of a list of milliseconds, one decimal. */
function spread(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const r = (n) => +n.toFixed(1);
  return { p50: r(percentile(sorted, 50)), p99: r(percentile(sorted, 99)), max: r(sorted.at(-1) ?? 0) };
}

/**
 * An official client: start (WebSocket + handshake), then JoinEventSession. Returns its phase times.
 * The watchers share `jwt`, or watcher i uses `jwts[i]` (the flash crowd: a session each).
 */
function signalrWatcher({ url, jwt, jwts, eventId, expectWatchers, reconnect }, onFull) {
  return async (index) => {
    const token = jwts?.[index] ?? jwt;
    const builder = new HubConnectionBuilder()
      .withUrl(url, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets, skipNegotiation: true })
      .configureLogging(LogLevel.None);
    // bench:cluster's rolling restart: a watcher whose instance goes reconnects (through the balancer) and joins again.
    if (reconnect) builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: (c) => (c.elapsedMilliseconds > 60_000 ? null : Math.min(250 * 2 ** c.previousRetryCount, 2000)) });
    const connection = builder.build();
    if (reconnect) connection.onreconnected(() => void connection.invoke('JoinEventSession', eventId).catch(() => {}));
    // A handler for every message the server may send, or the client logs warnings.
    for (const name of IGNORED) connection.on(name, () => {});
    let full = false;
    connection.on('EventWatcherUpdated', (p) => {
      // Settled once every watcher has heard that everyone (on every instance) joined.
      if (!full && p.Watchers >= expectWatchers) {
        full = true;
        onFull();
      }
    });
    connection.on('FlyerStarted', recordFlyer);
    connection.on('ChatMessageSent', recordChat);
    const t0 = now();
    // A client whose first SYNs the kernel dropped (a full accept queue) may see its socket reset; a
    // browser's app tries again, and so does this one, counted.
    for (let attempt = 0; ; attempt++) {
      try {
        await connection.start();
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
        startRetries += 1;
        firstStartError ??= String(error?.message ?? error);
      }
    }
    const t1 = now();
    if ((await connection.invoke('JoinEventSession', eventId)) !== true) throw new Error('JoinEventSession refused');
    const t2 = now();
    closers.push(() => connection.stop());
    return { open: t1 - t0, join: t2 - t1 };
  };
}

/** A bare socket on the baseline server: open, then parse every text frame the way a hub client would. */
function wsWatcher({ url }, onFull) {
  return async () => {
    const t0 = now();
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.on('message', (data) => {
      for (const record of data.toString('utf8').split(RS)) {
        if (!record) continue;
        const message = JSON.parse(record);
        if (message.type === 1 && message.target === 'FlyerStarted') recordFlyer(message.arguments[0]);
      }
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    closers.push(
      () =>
        new Promise((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', resolve);
          socket.close();
        }),
    );
    onFull();
    return { open: now() - t0, join: 0 };
  };
}

/** Opens `count` more watchers, `concurrency` at a time; resolves once each has heard it is one of `expectWatchers`. */
async function connectAll(message) {
  const { kind, count, concurrency } = message;
  let heardCount = 0;
  let allHeard;
  const heard = new Promise((resolve) => (allHeard = resolve));
  const onFull = () => {
    if (++heardCount === count) allHeard();
  };
  const open = kind === 'ws' ? wsWatcher(message, onFull) : signalrWatcher(message, onFull);
  if (count === 0) allHeard();
  const cpuBefore = process.cpuUsage();
  const started = now();
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const index = next++;
      const times = await open(index);
      opens.push(times.open);
      joins.push(times.join);
    }
  });
  await Promise.all(workers);
  const joinedAt = now();
  const connectMs = joinedAt - started;
  const cpu = process.cpuUsage(cpuBefore);
  await heard;
  return {
    count,
    connectMs,
    // On the clock every process shares: when the last watcher had joined (or opened), and had heard the full count.
    joinedAt,
    heardAt: now(),
    // This process's CPU while connecting (ms), to tell a busy client from a busy server.
    cpuConnectMs: (cpu.user + cpu.system) / 1000,
    // Per connection so far: opening (upgrade + handshake) and joining, each as the client saw it.
    openMs: spread(opens),
    joinMs: spread(joins),
    startRetries,
    firstStartError,
  };
}

process.on('message', async (message) => {
  try {
    if (message.type === 'connect') {
      total += message.count;
      process.send({ type: 'connected', ...(await connectAll(message)) });
    } else if (message.type === 'expect') {
      // The parent asks before broadcasting; answer once every watcher has this flyer.
      const id = message.flyerId;
      const cpuBefore = process.cpuUsage();
      const reply = (extra = {}) => {
        const cpu = process.cpuUsage(cpuBefore);
        process.send({ type: 'delivered', id, delays: delays.get(id) ?? [], cpuMs: (cpu.user + cpu.system) / 1000, ...extra });
        delays.delete(id);
      };
      process.send({ type: 'expecting', id });
      if ((delays.get(id)?.length ?? 0) === total) reply();
      else {
        const timer = setTimeout(() => reply({ timedOut: true }), message.timeoutMs ?? 30_000);
        settled = (done) => {
          if (done !== id) return;
          clearTimeout(timer);
          settled = undefined;
          reply();
        };
      }
    } else if (message.type === 'stop') {
      await Promise.all(closers.map((close) => close()));
      closers = [];
      process.send({ type: 'stopped' }, () => process.exit(0));
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error?.stack ?? error) });
  }
});

process.send({ type: 'ready' });
