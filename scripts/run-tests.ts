import { spawn } from 'node:child_process';
import { missingSuites } from './test-suites.js';

/**
 * `npm test`'s test step. The browser files run one at a time (one server, one Chromium), and
 * Vitest runs a project without file parallelism after every other project has finished: the
 * browser suite (about 20 minutes) waited for the API suites (about 9) on a 2-core machine whose
 * second core it mostly leaves idle. Here the two run side by side as two Vitest runs, the API and
 * unit files one at a time, so that each keeps about one core busy.
 */
const vitest = (args: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const extra = process.argv.slice(2);
const hasBrowserSuite = !missingSuites().some((m) => m.suite.includes('e2e'));
const codes = hasBrowserSuite
  ? await Promise.all([vitest(['--project', '!e2e', '--maxWorkers', '1', ...extra]), vitest(['--project', 'e2e', ...extra])])
  : [await vitest(extra)];
process.exit(codes.find((code) => code !== 0) ?? 0);
