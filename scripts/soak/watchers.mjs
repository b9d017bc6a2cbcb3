// Hub watchers for scripts/soak.ts: a child process of official @microsoft/signalr clients,
// so they share neither the servers' nor the load generator's event loop. Each watcher
// connects (to the instances in turn), joins one of the soak's events, stays a while,
// leaves, joins another, and every few stays drops its connection and opens a new one.
// It counts every message it receives, per instance.
//
// Delivery audit: after each launch the parent says which flyer of which event is on
// from when to when; once the window is over (plus a grace period), every watcher that
// was joined to that event for the whole window, on a connection that stayed up, must
// have received that flyer's FlyerStarted and FlyerStopped. Missing ones are counted.
//
// IPC with the parent:
//   → start { targets: [{ url, instance }], jwts, events, count, stayMs: [min, max], rampMs }
//   → tokens { jwts }                    fresh access tokens for new connections
//   → launch { eventId, flyerId, sentAt, endAt, graceMs }
//   → report                              ← report { ...figures since the last report }
//   → stop                                ← stopped { ...last figures }, then exit
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';

const SERVER_EVENTS = [
  'KeepAliveEvent',
  'EventStarted',
  'EventUpdated',
  'EventSoundUpdated',
  'EventWatcherUpdated',
  'EventStopped',
  'EventNotification',
  'FlyerStarted',
  'FlyerUpdated',
  'FlyerStopped',
];
/** A watcher joined this long before a launch was sent counts for its audit. */
const JOINED_BEFORE_MS = 1000;
/** What a watcher remembers (receipts, past stays) for audits. */
const MEMORY_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rand = (min, max) => min + Math.random() * (max - min);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

let config;
let jwts = [];
let stopping = false;
let wakeSleepers = [];
const watchers = [];
const loops = [];

/** Figures since the last report. */
let period = newPeriod();
function newPeriod() {
  return {
    ops: {},
    messages: {},
    messagesByInstance: {},
    unexpectedCloses: 0,
    audit: { launches: 0, expected: 0, missedStart: 0, missedStop: 0 },
    errorSamples: [],
  };
}

function opOf(name) {
  return (period.ops[name] ??= { latencies: [], errors: 0 });
}
function ok(name, ms) {
  opOf(name).latencies.push(+ms.toFixed(2));
}
function fail(name, error) {
  opOf(name).errors += 1;
  if (period.errorSamples.length < 5) period.errorSamples.push({ op: name, message: String(error?.message ?? error).slice(0, 300) });
}

/** Sleeps unless the child is stopping; resolves early on stop. */
function pause(ms) {
  if (stopping) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wakeSleepers = wakeSleepers.filter((w) => w !== done);
      resolve();
    }
    wakeSleepers.push(done);
  });
}

function prune(watcher, now) {
  const horizon = now - MEMORY_MS;
  while (watcher.receipts.length && watcher.receipts[0].at < horizon) watcher.receipts.shift();
  watcher.stays = watcher.stays.filter((s) => (s.until ?? now) >= horizon);
}

async function runWatcher(index) {
  const watcher = { index, instance: 0, connection: undefined, stays: [], stay: undefined, receipts: [] };
  watchers.push(watcher);
  await pause(rand(0, config.rampMs));
  for (let attempt = 0; !stopping; attempt++) {
    const target = config.targets[(index + attempt) % config.targets.length];
    watcher.instance = target.instance;
    const jwt = jwts[index % jwts.length];
    const connection = new HubConnectionBuilder()
      .withUrl(target.url, { accessTokenFactory: () => jwt, transport: HttpTransportType.WebSockets, skipNegotiation: true })
      .configureLogging(LogLevel.None)
      .build();
    let closingOnPurpose = false;
    for (const name of SERVER_EVENTS) {
      connection.on(name, (payload) => {
        period.messages[name] = (period.messages[name] ?? 0) + 1;
        const key = String(target.instance);
        period.messagesByInstance[key] = (period.messagesByInstance[key] ?? 0) + 1;
        if (name === 'FlyerStarted' || name === 'FlyerStopped') watcher.receipts.push({ name, flyerId: payload?.Id ?? payload?.id, at: Date.now() });
      });
    }
    connection.onclose((error) => {
      if (watcher.stay && watcher.stay.until === undefined) watcher.stay.until = Date.now();
      watcher.stay = undefined;
      if (!closingOnPurpose) {
        period.unexpectedCloses += 1;
        fail('hubClosed', error ?? 'the server closed the connection');
      }
    });
    const t0 = performance.now();
    try {
      await connection.start();
      ok('hubConnect', performance.now() - t0);
    } catch (error) {
      fail('hubConnect', error);
      await pause(rand(500, 1500));
      continue;
    }
    watcher.connection = connection;
    // A few stays on this connection, then a new connection.
    for (let stays = Math.ceil(rand(0, 4)); stays > 0 && !stopping && connection.state === HubConnectionState.Connected; stays--) {
      const eventId = pick(config.events);
      const t1 = performance.now();
      try {
        const joined = await connection.invoke('JoinEventSession', eventId);
        if (joined !== true) throw new Error(`JoinEventSession(${eventId}) answered ${JSON.stringify(joined)}`);
        ok('hubJoin', performance.now() - t1);
      } catch (error) {
        fail('hubJoin', error);
        break;
      }
      const stay = { eventId, since: Date.now(), until: undefined };
      watcher.stay = stay;
      watcher.stays.push(stay);
      await pause(rand(config.stayMs[0], config.stayMs[1]));
      if (connection.state !== HubConnectionState.Connected) break;
      if (stay.until === undefined) stay.until = Date.now();
      watcher.stay = undefined;
      const t2 = performance.now();
      try {
        await connection.invoke('LeaveEventSession', eventId);
        ok('hubLeave', performance.now() - t2);
      } catch (error) {
        if (!stopping || connection.state === HubConnectionState.Connected) fail('hubLeave', error);
      }
    }
    closingOnPurpose = true;
    watcher.connection = undefined;
    await connection.stop().catch(() => {});
    prune(watcher, Date.now());
  }
}

function audit({ eventId, flyerId, sentAt, endAt }) {
  const now = Date.now();
  period.audit.launches += 1;
  for (const watcher of watchers) {
    // Joined (and acknowledged) well before the launch, still there at the end of the grace period.
    const covered = watcher.stays.some((s) => s.eventId === eventId && s.since <= sentAt - JOINED_BEFORE_MS && (s.until ?? now) >= now);
    if (!covered) continue;
    period.audit.expected += 1;
    const got = (name) => watcher.receipts.some((r) => r.name === name && r.flyerId === flyerId && r.at >= sentAt - JOINED_BEFORE_MS && r.at <= now);
    if (!got('FlyerStarted')) {
      period.audit.missedStart += 1;
      if (period.errorSamples.length < 5) period.errorSamples.push({ op: 'hubDelivery', message: `watcher ${watcher.index} (instance ${watcher.instance}) missed FlyerStarted of ${flyerId} (launched ${new Date(sentAt).toISOString()}, ends ${new Date(endAt).toISOString()})` });
    }
    if (!got('FlyerStopped')) {
      period.audit.missedStop += 1;
      if (period.errorSamples.length < 5) period.errorSamples.push({ op: 'hubDelivery', message: `watcher ${watcher.index} (instance ${watcher.instance}) missed FlyerStopped of ${flyerId} (launched ${new Date(sentAt).toISOString()}, ends ${new Date(endAt).toISOString()})` });
    }
  }
}

function snapshot() {
  const figures = {
    ...period,
    connected: watchers.filter((w) => w.connection?.state === HubConnectionState.Connected).length,
    joined: watchers.filter((w) => w.stay).length,
    watchers: watchers.length,
  };
  period = newPeriod();
  return figures;
}

const pendingAudits = new Set();

process.on('message', async (message) => {
  try {
    if (message.type === 'start') {
      config = message;
      jwts = message.jwts;
      for (let i = 0; i < message.count; i++) loops.push(runWatcher(i));
    } else if (message.type === 'tokens') {
      jwts = message.jwts;
    } else if (message.type === 'launch') {
      const timer = setTimeout(() => {
        pendingAudits.delete(timer);
        audit(message);
      }, Math.max(0, message.endAt + message.graceMs - Date.now()));
      pendingAudits.add(timer);
    } else if (message.type === 'report') {
      process.send({ type: 'report', ...snapshot() });
    } else if (message.type === 'stop') {
      // Audits still waiting would count the stop's leaves as misses: drop them.
      for (const timer of pendingAudits) clearTimeout(timer);
      pendingAudits.clear();
      stopping = true;
      for (const wake of [...wakeSleepers]) wake();
      await Promise.race([Promise.all(loops), sleep(15_000)]);
      process.send({ type: 'stopped', ...snapshot() }, () => process.exit(0));
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error?.stack ?? error) });
  }
});

// The soak went away: nothing more to do.
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
