// Preloaded into each server process by scripts/soak.ts (node --import tsx --import this
// apps/server/src/main.ts): figures the soak needs from inside the server without touching
// its code. Talks only over the IPC channel the soak opened; without one it does nothing.
//
//   → { type: 'soak:sample', id, gc }   ← { type: 'soak:sample', id, memory, cpu, loop }
//
// memory is process.memoryUsage() (after a full collection when gc is set, so heapUsed is
// what is still referenced, not garbage waiting for the next cycle), cpu is the cumulative
// process.cpuUsage() in µs, loop the event-loop delay (ms) since the previous sample.
// When the soak goes away (the channel closes) the server shuts down as on SIGTERM.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

if (process.send) {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const ms = (ns) => +(ns / 1e6).toFixed(1);

  process.on('message', (message) => {
    if (message?.type !== 'soak:sample') return;
    const loopDelay = { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
    loop.reset();
    if (message.gc) gc();
    process.send({ type: 'soak:sample', id: message.id, memory: process.memoryUsage(), cpu: process.cpuUsage(), loop: loopDelay });
  });
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
