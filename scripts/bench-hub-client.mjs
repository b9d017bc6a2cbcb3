// One process of hub watchers for bench-hub.ts: a child process, so the official
// clients neither share the server's event loop nor count in its memory. Talks to
// the parent over IPC: connect, then report each watcher's FlyerStarted delays.
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';

const now = () => performance.timeOrigin + performance.now();
const IGNORED = ['KeepAliveEvent', 'EventStarted', 'EventUpdated', 'EventSoundUpdated', 'EventStopped', 'EventNotification', 'FlyerUpdated', 'FlyerStopped'];

let connections = [];
/** Per round (flyer id): one delay per watcher. */
const delays = new Map();
let total = 0;
let settled;

async function connectAll({ url, jwt, eventId, count, concurrency, expectWatchers }) {
  let highest = 0;
  let allHeard;
  const heard = new Promise((resolve) => (allHeard = resolve));
  let heardCount = 0;
  const open = async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(url, { accessTokenFactory: () => jwt, transport: HttpTransportType.WebSockets, skipNegotiation: true })
      .configureLogging(LogLevel.None)
      .build();
    // A handler for every message the server may send, or the client logs warnings.
    for (const name of IGNORED) connection.on(name, () => {});
    let full = false;
    connection.on('EventWatcherUpdated', (p) => {
      highest = Math.max(highest, p.Watchers);
      // Settled once every watcher has heard that everyone (on every instance) joined.
      if (!full && p.Watchers >= expectWatchers) {
        full = true;
        if (++heardCount === count) allHeard();
      }
    });
    connection.on('FlyerStarted', (flyer) => {
      const at = now();
      const sentAt = JSON.parse(flyer.ContentJson).sentAt;
      const list = delays.get(flyer.Id) ?? [];
      list.push(at - sentAt);
      delays.set(flyer.Id, list);
      if (list.length === count) settled?.(flyer.Id);
    });
    await connection.start();
    if ((await connection.invoke('JoinEventSession', eventId)) !== true) throw new Error('JoinEventSession refused');
    connections.push(connection);
  };
  const started = now();
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < count) {
      next += 1;
      await open();
    }
  });
  await Promise.all(workers);
  const connectMs = now() - started;
  await heard;
  return { connectMs, settledMs: now() - started, highest };
}

process.on('message', async (message) => {
  try {
    if (message.type === 'connect') {
      total = message.count;
      process.send({ type: 'connected', ...(await connectAll(message)) });
    } else if (message.type === 'expect') {
      // The parent asks before broadcasting; answer once every watcher has this flyer.
      const id = message.flyerId;
      process.send({ type: 'expecting', id });
      if ((delays.get(id)?.length ?? 0) === total) process.send({ type: 'delivered', id, delays: delays.get(id) });
      else {
        const timer = setTimeout(() => process.send({ type: 'delivered', id, delays: delays.get(id) ?? [], timedOut: true }), 30_000);
        settled = (done) => {
          if (done !== id) return;
          clearTimeout(timer);
          process.send({ type: 'delivered', id, delays: delays.get(id) });
        };
      }
    } else if (message.type === 'stop') {
      await Promise.all(connections.map((c) => c.stop()));
      connections = [];
      process.send({ type: 'stopped' }, () => process.exit(0));
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error?.stack ?? error) });
  }
});
