/**
 * The watcher processes of bench:hub (bench-hub-client.mjs), forked from a case's process so the
 * watchers share neither the server's event loop nor its memory figures, and a way to await
 * their answers over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';

/** A child process of watchers and a way to await its next answer of a given type. */
export interface Client {
  child: ChildProcess;
  next<T = Record<string, unknown>>(type: string): Promise<T>;
}

export function spawnClient(): Client {
  // BENCH_CPU_PROF=<dir>: a CPU profile of each watcher process there too.
  const profile = process.env.BENCH_CPU_PROF ? { execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] } : {};
  const child = fork(new URL('./bench-hub-client.mjs', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...profile });
  const queue: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  child.on('message', (message: Record<string, unknown>) => {
    if (message.type === 'error') throw new Error(`bench client: ${String(message.message)}`);
    const waiter = waiters.findIndex((w) => w.type === message.type);
    if (waiter >= 0) waiters.splice(waiter, 1)[0].resolve(message);
    else queue.push(message);
  });
  return {
    child,
    next<T>(type: string) {
      const found = queue.findIndex((m) => m.type === type);
      if (found >= 0) return Promise.resolve(queue.splice(found, 1)[0] as T);
      return new Promise<T>((resolve) => waiters.push({ type, resolve: resolve as (m: Record<string, unknown>) => void }));
    },
  };
}
