import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { catalogue, setPlanCapacities, setStripePrice } from '../account/service.js';
import { listAccountPlans, setPlanByOperator } from './service.js';

/**
 * The operator's plan controls (the plans command). The embedded database belongs to one process,
 * so while a server runs the command asks it over HTTP, proving itself with a random secret the
 * server keeps in DATA_DIR (mode 0600, readable by the operator's account only); with no server it
 * opens the database itself.
 */

export const OPERATOR_FILE = 'operator.json';
export const OPERATOR_PATH = '/__operator/plans';

/** A plan capacity the operator may set; absent: unchanged. */
export const MAX_CAPACITY = 1_000_000;
const capacity = z.number().int().min(0).max(MAX_CAPACITY).optional();

export const OperatorRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('set'), tenant: z.string().max(40), email: z.string().max(320), plan: z.string().max(40), addOns: z.array(z.string().max(100)).max(20) }),
  z.object({ action: z.literal('price'), name: z.string().max(100), interval: z.enum(['month', 'year']), priceId: z.string().max(200).nullable() }),
  z.object({ action: z.literal('limits'), plan: z.string().max(40), events: capacity, calendars: capacity, flyers: capacity }),
]);
export type OperatorRequest = z.infer<typeof OperatorRequestSchema>;
export interface OperatorAnswer {
  ok: boolean;
  text: string;
}

const money = (cents: number | null, currency: string) => (cents === null ? '-' : `${(cents / 100).toFixed(2)} ${currency}`);

export async function runOperator(db: Db, tenants: Map<string, string>, request: OperatorRequest, at: Date): Promise<OperatorAnswer> {
  if (request.action === 'list') {
    const cat = await catalogue(db);
    const lines = ['Plans (events / calendars / flyers per event; price a month / a year; Stripe prices):'];
    for (const p of cat.plans) {
      lines.push(`  ${p.plan.padEnd(11)} ${p.eventCapacity} / ${p.calendarCapacity} / ${p.flyerCapacity}; ${money(p.monthlyPrice, p.currency)} / ${money(p.yearlyPrice, p.currency)}; month ${p.stripePriceMonth ?? '-'}, year ${p.stripePriceYear ?? '-'}`);
    }
    lines.push('Add-ons:');
    for (const a of cat.addOns) lines.push(`  ${a.feature.padEnd(14)} ${money(a.monthlyPrice, a.currency)} / ${money(a.yearlyPrice, a.currency)}; month ${a.stripePriceMonth ?? '-'}, year ${a.stripePriceYear ?? '-'}`);
    const accounts = await listAccountPlans(db);
    lines.push(accounts.length ? 'Accounts not on bare Free:' : 'Every account is on Free without add-ons.');
    for (const a of accounts) lines.push(`  ${a.tenant} ${a.email}: ${a.plan}${a.addOns.length ? ` + ${a.addOns.join(', ')}` : ''} (${a.status ?? 'active'}, ${a.source ?? 'default'})`);
    return { ok: true, text: lines.join('\n') };
  }
  if (request.action === 'price') {
    const done = await setStripePrice(db, request.name, request.interval, request.priceId);
    return done
      ? { ok: true, text: `${request.name} by the ${request.interval}: Stripe price ${request.priceId ?? '(none)'}.` }
      : { ok: false, text: `No plan or add-on is called "${request.name}".` };
  }
  if (request.action === 'limits') {
    const row = await setPlanCapacities(db, request.plan, { eventCapacity: request.events, calendarCapacity: request.calendars, flyerCapacity: request.flyers });
    if (!row) return { ok: false, text: `No plan is called "${request.plan}": choose ${(await catalogue(db)).plans.map((p) => p.plan).join(', ')}.` };
    return {
      ok: true,
      text: `${row.plan} now allows ${row.eventCapacity} events, ${row.calendarCapacity} calendars and ${row.flyerCapacity} flyers per event. Every account on ${row.plan} has these limits within a minute (running servers read the catalogue every 30 s).`,
    };
  }
  const tenantId = tenants.get(request.tenant);
  if (!tenantId) return { ok: false, text: `No tenant "${request.tenant}" on this server (TENANTS is ${[...tenants.keys()].join(', ')}).` };
  const result = await setPlanByOperator(db, { tenantId, email: request.email, plan: request.plan, addOns: request.addOns, at });
  const cat = await catalogue(db);
  switch (result) {
    case 'unknown-plan':
      return { ok: false, text: `No plan is called "${request.plan}": choose ${cat.plans.map((p) => p.plan).join(', ')}.` };
    case 'unknown-add-on':
      return { ok: false, text: `Unknown add-on among ${request.addOns.join(', ')}: choose ${cat.addOns.map((a) => a.feature).join(', ')}.` };
    case 'unknown-email':
      return { ok: false, text: `No account with the email ${request.email} in tenant ${request.tenant}.` };
    default:
      return { ok: true, text: `${request.email} (${request.tenant}) is now on ${request.plan}${request.addOns.length ? ` with ${request.addOns.join(', ')}` : ''}. Their next token refresh carries it.` };
  }
}

export interface OperatorFile {
  url: string;
  secret: string;
  pid: number;
}

export async function writeOperatorFile(dataDir: string, url: string): Promise<OperatorFile> {
  const file: OperatorFile = { url, secret: randomBytes(32).toString('base64url'), pid: process.pid };
  await fs.mkdir(dataDir, { recursive: true });
  const target = path.join(dataDir, OPERATOR_FILE);
  // Written aside and renamed: a reader never sees half a file, and the mode is set before the secret is in it.
  const temp = `${target}.${process.pid}.tmp`;
  await fs.writeFile(temp, JSON.stringify(file), { mode: 0o600 });
  await fs.chmod(temp, 0o600);
  await fs.rename(temp, target);
  return file;
}

export async function removeOperatorFile(dataDir: string, secret: string): Promise<void> {
  const target = path.join(dataDir, OPERATOR_FILE);
  const current = await readOperatorFile(dataDir);
  // Another server may have started on this DATA_DIR since: its file stays.
  if (current?.secret === secret) await fs.rm(target, { force: true });
}

/** Whether a process with this id runs (one of another user counts too). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readOperatorFile(dataDir: string): Promise<OperatorFile | undefined> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(dataDir, OPERATOR_FILE), 'utf8')) as OperatorFile;
    return typeof parsed.url === 'string' && typeof parsed.secret === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
