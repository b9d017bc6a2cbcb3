/**
 * `npm test`'s suites: the browser suite (e2e) beside all the others, in two Vitest processes.
 *
 * In one process, Vitest runs a project without file parallelism (e2e: one file at a time, on one
 * server) after every other group, so the browser files, a thousand seconds of them, waited for the
 * API files and left a core idle a quarter of the time once they ran (CI took 1,995 s). Side by side,
 * the others get one worker (the browser suite keeps the other core busy) and the cluster's failure
 * tests come first, while the browser suite's server is still seeding the demo.
 *
 * Each process's output is printed whole when it ends, the first to end first, and the exit code is
 * the first failure's. Without Chromium, the others run alone as before, with every worker.
 */
import { spawn } from 'node:child_process';
import { missingSuites } from './test-suites.js';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const extra = process.argv.slice(2);
const withBrowser = !missingSuites().some((m) => m.suite.includes('e2e'));

const runs: { name: string; args: string[] }[] = withBrowser
  ? [
      { name: 'browser suite (e2e)', args: [...vitest, '--project', 'e2e', ...extra] },
      { name: 'unit and API suites', args: [...vitest, '--project', '!e2e', '--maxWorkers=1', ...extra] },
    ]
  : [{ name: 'unit and API suites', args: [...vitest, ...extra] }];

const started = Date.now();
const children = runs.map(({ name, args }) => {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise<number>((resolve) => {
    child.on('close', (code, signal) => {
      process.stdout.write(`\n===== ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`} after ${Math.round((Date.now() - started) / 1000)} s =====\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const codes = await Promise.all(children);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
