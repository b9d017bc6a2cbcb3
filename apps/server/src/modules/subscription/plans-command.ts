import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { ensureTenants } from '../tenants/service.js';
import { MAX_CAPACITY, OPERATOR_PATH, processAlive, readOperatorFile, runOperator, type OperatorAnswer, type OperatorRequest } from './operator.js';

export const PLANS_USAGE = `Usage:
  npm run plans -- list
  npm run plans -- set <email> <Plan> [--add-on Download.HTML ...] [--tenant hubbub]
  npm run plans -- price <Plan|AddOn> <month|year> <stripe_price_id|none> [<Plan|AddOn> <month|year> <id> ...]
  npm run plans -- limits <Plan> [--events N] [--calendars N] [--flyers N]   (a plan's capacities; flyers per event)`;

const LIMIT_OPTIONS = { '--events': 'events', '--calendars': 'calendars', '--flyers': 'flyers' } as const;

/** The command line as operator requests; a string is what is wrong with it. */
export function parsePlansArgs(args: string[], defaultTenant: string): OperatorRequest[] | string {
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) return [{ action: 'list' }];
  if (action === 'set') {
    const positional: string[] = [];
    const addOns: string[] = [];
    let tenant = defaultTenant;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === '--add-on' && rest[i + 1]) addOns.push(rest[++i]);
      else if (rest[i] === '--tenant' && rest[i + 1]) tenant = rest[++i].toLowerCase();
      else if (rest[i].startsWith('--')) return `Unknown option ${rest[i]}.`;
      else positional.push(rest[i]);
    }
    if (positional.length !== 2) return 'set takes an email and a plan.';
    return [{ action: 'set', email: positional[0], plan: positional[1], addOns, tenant }];
  }
  if (action === 'price' && rest.length > 0 && rest.length % 3 === 0) {
    const requests: OperatorRequest[] = [];
    for (let i = 0; i < rest.length; i += 3) {
      const interval = rest[i + 1];
      if (interval !== 'month' && interval !== 'year') return `The interval is month or year, not "${interval}".`;
      requests.push({ action: 'price', name: rest[i], interval, priceId: rest[i + 2] === 'none' ? null : rest[i + 2] });
    }
    return requests;
  }
  if (action === 'limits' && rest.length >= 3) {
    const [plan, ...options] = rest;
    const request: Extract<OperatorRequest, { action: 'limits' }> = { action: 'limits', plan };
    for (let i = 0; i < options.length; i += 2) {
      const key = LIMIT_OPTIONS[options[i] as keyof typeof LIMIT_OPTIONS];
      if (!key) return `Unknown option ${options[i]}: use --events, --calendars or --flyers.`;
      const value = options[i + 1];
      if (value === undefined || !/^\d+$/.test(value) || Number(value) > MAX_CAPACITY) return `${options[i]} takes a whole number from 0 to ${MAX_CAPACITY}, not "${value ?? ''}".`;
      request[key] = Number(value);
    }
    return [request];
  }
  return 'Unknown command.';
}

/**
 * `npm run plans`: asks the running server (DATA_DIR/operator.json) when there is one, else opens the
 * database itself; with DATABASE_URL it always connects directly (PostgreSQL takes many clients).
 */
export async function runPlansCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string }> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { code: 2, out: error.message };
    throw error;
  }
  const requests = parsePlansArgs(args, config.TENANTS[0]);
  if (typeof requests === 'string') return { code: 2, out: `${requests}\n${PLANS_USAGE}` };

  if (!config.DATABASE_URL) {
    const running = await readOperatorFile(config.dataDir);
    if (running) {
      const answers: OperatorAnswer[] = [];
      try {
        for (const request of requests) {
          const res = await fetch(`${running.url}${OPERATOR_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Operator ${running.secret}` },
            body: JSON.stringify(request),
          });
          if (!res.ok) return { code: 1, out: `The running server refused: ${res.status} ${await res.text()}` };
          answers.push((await res.json()) as OperatorAnswer);
        }
        return outcome(answers);
      } catch (error) {
        // A server that is gone left its file behind; one that still runs but does not answer must not share its database.
        if (processAlive(running.pid) && running.pid !== process.pid) {
          return { code: 1, out: `The server (pid ${running.pid}) holds the database but did not answer at ${running.url}: ${String(error)}. Try again, or stop it first.` };
        }
      }
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'db') });
  try {
    const tenants = await ensureTenants(database.db, config.TENANTS);
    const answers: OperatorAnswer[] = [];
    for (const request of requests) answers.push(await runOperator(database.db, tenants, request, new Date()));
    return outcome(answers);
  } finally {
    await database.close();
  }
}

function outcome(answers: OperatorAnswer[]): { code: number; out: string } {
  return { code: answers.every((a) => a.ok) ? 0 : 1, out: answers.map((a) => a.text).join('\n') };
}
