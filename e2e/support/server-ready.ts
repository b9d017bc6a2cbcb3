import fs from 'node:fs/promises';
import { beforeAll, inject } from 'vitest';
import { SERVER_EXITED } from './constants.js';

/**
 * Every browser file's first step (a setup file of the e2e project): the server global setup
 * started is up, its demo seeded. It usually is by the time a file runs (the API suites ran
 * beside the seed); the first file may wait for it, a later one finds it at once.
 */
const STARTUP_MS = 300_000;

async function serverReady(): Promise<void> {
  const url = `${inject('baseUrl')}/`;
  const logFile = inject('serverLog');
  const log = () => fs.readFile(logFile, 'utf8').catch(() => '(no server log)');
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { headers: { accept: 'application/json' } }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    const output = await log();
    if (output.includes(SERVER_EXITED)) throw new Error(`the e2e server exited before it was ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the e2e server did not start in ${STARTUP_MS / 1000} s:\n${await log()}`);
}

beforeAll(serverReady, STARTUP_MS + 10_000);
