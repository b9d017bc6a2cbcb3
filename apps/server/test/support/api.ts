import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authApi, pathOf, usersApi, type LoginResult } from '@hubbub/contract';
import { setPlan } from '../../src/modules/users/service.js';
import { TENANT, type TestApp } from './build.js';

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

/** One call through the real HTTP stack (inject), with the tenant header unless told otherwise. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { body?: unknown; rawBody?: string; jwt?: string; tenant?: string | null; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.tenant !== null) headers['x-tenant'] = opts.tenant ?? TENANT;
  if (opts.jwt) headers.authorization = `Bearer ${opts.jwt}`;
  if (opts.body !== undefined || opts.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  return app.inject({
    method,
    url,
    headers,
    payload: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
}

/** The follow call's URL: the person rides in the query (`?userId=`), as the spec has it. */
export function followPath(userId: string): string {
  return `${usersApi.follow.path}?userId=${encodeURIComponent(userId)}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Reads the newest email sent to an address from the outbox, decoded. */
export async function readMail(t: TestApp, to: string, purpose: 'verify' | 'reset'): Promise<{ code: string; token: string; text: string }> {
  const files = (await fs.readdir(t.outboxDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(`-${purpose}-${to}.eml`))
    .sort();
  if (!files.length) throw new Error(`no ${purpose} email for ${to}`);
  const raw = await fs.readFile(path.join(t.outboxDir, files[files.length - 1]), 'utf8');
  // Undo quoted-printable soft breaks and escapes.
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const code = /Code: ([A-Z0-9]+)/.exec(text)?.[1];
  const token = /[?&](?:token|code)=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!code || !token) throw new Error(`no code or token in the ${purpose} email for ${to}`);
  return { code, token, text };
}

export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  jwt: string;
  refreshToken: string;
}

/** Registers, verifies by code and logs in a fresh user. */
export async function signUp(t: TestApp, opts: { name?: string; tenant?: string; email?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const name = opts.name ?? `Person ${email.slice(5, 13)}`;
  const reg = await call(t.app, 'POST', authApi.register.path, { body: { email, name, password: PASSWORD }, tenant: opts.tenant });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const { code } = await readMail(t, email, 'verify');
  const ver = await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: code }), { tenant: opts.tenant });
  if (ver.statusCode !== 200) throw new Error(`verify failed: ${ver.statusCode} ${ver.body}`);
  const login = await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD }, tenant: opts.tenant });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = login.json() as LoginResult;
  return { id: reg.json().id, email, name, password: PASSWORD, ...tokens };
}

/** Puts a person on a plan (Free, Basic, Pro, Enterprise) through the users module, as an operator would. */
export async function usePlan(t: Pick<TestApp, 'app'>, user: Pick<TestUser, 'id'>, plan: string): Promise<void> {
  await setPlan(t.app.ctx.db, [user.id], plan);
}
