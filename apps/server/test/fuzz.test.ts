import fs from 'node:fs/promises';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ProblemSchema, tagsApi, authApi, accountDataApi, eventsApi, eventLinksApi, flyersApi, launchesApi, pathOf } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { build } from './support/build.js';
import { createScratchDatabase } from './support/scratch-database.js';
import { call, signUp, uniqueEmail, usePlan, type TestUser } from './support/api.js';
import { UPLOAD_ROUTES, describeRequest, operationsOf, printable, requestCases, resolveRefs, type Operation, type RequestCase } from './support/fuzz/requests.js';
import { storeWatch } from './support/fuzz/store.js';

// Issue 9: every route of the OpenAPI document, fed valid-ish and hostile requests made from
// its own schemas, asked by nobody, by a stranger and by the owner of real resources. No
// answer is a 5xx, every 4xx is a JSON Problem, and a refused write stores nothing.
// `npm test` runs FUZZ_RUNS (default 20) cases a route, each sent three times, with a fixed
// seed; `npm run fuzz` runs 3000. FUZZ_SEED picks another seed; FUZZ_REPORT=1 prints the
// statuses seen per route (how far the cases got). A failure shows the shrunk request, the
// answer and the server's error log.

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** The server's error log, so a 5xx comes with its cause. */
const serverLog: string[] = [];
// On PostgreSQL the project's database is shared by the test files running beside this one,
// whose writes would show in the snapshots: this file gets a database of its own.
const projectDatabase = inject('databaseUrl');
const scratch = projectDatabase ? await createScratchDatabase('fuzz', { server: projectDatabase }) : undefined;
const t = await build({
  database: scratch,
  launches: { enabled: false }, // no background writes between two snapshots
  notifications: { enabled: false },
  logger: { level: 'error', stream: { write: (line: string) => void serverLog.push(line) } },
});
const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
const operations = operationsOf(doc);
const store = storeWatch(t.app.ctx.db, t.dataDir);
afterAll(async () => {
  await t.close();
  await scratch?.drop();
});

// The real resources a share of the cases point at (as ~~ref~~ markers), kept alive across the run.
const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 24 * HOUR;
const NO_ID = '00000000-0000-0000-0000-000000000000';
const ids: Record<string, string> = { event: NO_ID, flyer: NO_ID, launch: NO_ID, link: NO_ID };
let owner: TestUser;
let stranger: TestUser;

async function created(res: Awaited<ReturnType<typeof call>>): Promise<string> {
  if (res.statusCode !== 200) throw new Error(`Recreating a fixture failed: ${res.statusCode} ${res.body}\nserver log:\n${serverLog.slice(-3).join('')}`);
  return res.json().id;
}

/** Recreates whatever a successful delete took from the owner's event, flyer, launch and link. */
async function ensureFixtures() {
  const [has] = await queryRows<Record<string, boolean>>(
    t.app.ctx.db,
    sql`select exists(select 1 from events where id = ${ids.event}) as event, exists(select 1 from flyers where id = ${ids.flyer}) as flyer,
      exists(select 1 from timelines where id = ${ids.launch}) as launch, exists(select 1 from event_links where id = ${ids.link}) as link`,
  );
  const as = { jwt: owner.jwt };
  if (!has.event) {
    // The fuzzer's own events count against the plan: make room first.
    await queryRows(t.app.ctx.db, sql`delete from events where user_id = ${owner.id}`);
    const area = { latitude: -33.5, longitude: -142.5, city: 'Fuzzville' };
    ids.event = await created(await call(t.app, 'POST', eventsApi.create.path, { ...as, body: { name: 'Fuzz fixture', startDate: new Date(T0).toISOString(), endDate: new Date(T0 + 2 * HOUR).toISOString(), area } }));
  }
  if (!has.event || !has.flyer) {
    const contentJson = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });
    ids.flyer = await created(await call(t.app, 'POST', flyersApi.create.path, { ...as, body: { eventId: ids.event, name: 'Fuzz flyer', contentJson } }));
  }
  if (!has.event || !has.flyer || !has.launch) {
    const window = { startDate: new Date(T0 - 24 * HOUR).toISOString(), endDate: new Date(T0 - 23 * HOUR).toISOString() };
    ids.launch = await created(await call(t.app, 'POST', launchesApi.create.path, { ...as, body: { eventId: ids.event, flyerIds: [ids.flyer], ...window } }));
  }
  if (!has.event || !has.link) ids.link = await created(await call(t.app, 'POST', eventLinksApi.create.path, { ...as, body: { eventId: ids.event, type: 'Star' } }));
}

/** Signs up the owner (on Enterprise, so the fixtures fit) and the stranger; again after a case deleted one of them. */
async function makeIdentities(which: ('owner' | 'stranger')[]) {
  for (const name of which) {
    // The owner's email has a "k", so the Kelvin sign (K, which lowercases to "k") can stand in for it.
    if (name === 'owner') {
      owner = await signUp(t, { name: 'Fuzz Owner', email: uniqueEmail('fuzz-kelvin-owner') });
      await usePlan(t, owner, 'Enterprise');
      Object.assign(ids, {
        owner: owner.id,
        ownerEmail: owner.email,
        ownerEmailUpper: owner.email.toUpperCase(),
        ownerEmailKelvin: owner.email.replace('k', '\u212a'),
        password: owner.password,
        event: NO_ID,
      });
    } else {
      stranger = await signUp(t, { name: 'Fuzz Stranger' });
      ids.stranger = stranger.id;
    }
  }
}

beforeAll(async () => {
  await makeIdentities(['owner', 'stranger']);
  const categories = await call(t.app, 'GET', tagsApi.categories.path);
  ids.tag = categories.json()[0].id;
  await ensureFixtures();
});

type Identity = { name: 'anonymous' } | { name: 'stranger' | 'owner'; user: () => TestUser };
const IDENTITIES: Identity[] = [{ name: 'anonymous' }, { name: 'stranger', user: () => stranger }, { name: 'owner', user: () => owner }];

const mailCount = () => fs.readdir(t.outboxDir).then((files) => files.length, () => 0);

/**
 * Forgot-password answers before it stores the reset code and mails it (so the timing does
 * not tell whether the account exists): when the account exists, wait for that email, so the
 * write does not land in the next request's snapshots.
 */
async function settleForgot(headers: Record<string, string>, payload: string, mailsBefore: number) {
  const email = String(JSON.parse(payload).email).trim().toLowerCase();
  const tenant = headers['x-tenant'] ?? '';
  const [known] = await queryRows<{ yes: boolean }>(
    t.app.ctx.db,
    sql`select exists(select 1 from users u join tenants t on t.id = u.tenant_id where t.key = ${tenant} and u.email = ${email}) as yes`,
  );
  for (let waited = 0; known.yes && (await mailCount()) === mailsBefore; waited += 10) {
    if (waited > 10_000) throw new Error(`No reset email for ${email} after a 200 of forgot-password`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Statuses seen, per route (printed with FUZZ_REPORT=1). */
const seen = new Map<string, Map<number, number>>();
const clip = (text: string, max = 800) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

async function sendAs(op: Operation, c: RequestCase, who: Identity) {
  const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, resolveRefs(v, ids)]));
  if (!c.ownAuth && 'user' in who) headers.authorization = `Bearer ${who.user().jwt}`;
  const url = resolveRefs(c.url, ids);
  const payload = typeof c.payload === 'string' ? resolveRefs(c.payload, ids) : c.payload;
  const write = c.method !== 'GET';
  const before = write ? await store.mark() : undefined;
  const forgot = url.startsWith(authApi.forgotPassword.path) && typeof payload === 'string';
  const mailsBefore = forgot ? await mailCount() : 0;
  const logged = serverLog.length;

  const res = await t.app.inject({ method: c.method, url, headers, payload });

  const key = `${op.method} ${op.path}`;
  const counts = seen.get(key) ?? seen.set(key, new Map()).get(key)!;
  counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
  const fail = (what: string) => {
    const log = serverLog.slice(logged).map((line) => clip(line, 2_000));
    return new Error(
      `${what}\n  [${c.generator}] ${describeRequest({ method: c.method, url, headers, payload }, c.ownAuth ? undefined : who.name)}\n` +
        `answer: ${res.statusCode} ${res.headers['content-type'] ?? '(no content-type)'} ${clip(res.body)}${log.length ? `\nserver log:\n${log.join('')}` : ''}`,
    );
  };

  // The one 5xx the API promises: a documented 501 (a Problem too) for what it does not offer yet.
  if (res.statusCode >= 500 && !(res.statusCode === 501 && op.statuses.includes(501))) throw fail('A 5xx answer');
  if (res.statusCode < 400) {
    // Keep the identities and the real resources alive for the cases after this one.
    if ('user' in who && !c.ownAuth && url.startsWith(authApi.logout.path)) {
      const login = await call(t.app, 'POST', authApi.login.path, { body: { email: who.user().email, password: who.user().password } });
      if (login.statusCode !== 200) throw fail(`Signing in again after the logout failed: ${login.statusCode} ${login.body}`);
      Object.assign(who.user(), login.json());
    }
    // Deleting one's account works when a case gets the password right: the identity starts over.
    if ('user' in who && !c.ownAuth && url.startsWith(accountDataApi.delete.path)) await makeIdentities([who.name]);
    if (c.method === 'DELETE' || url.startsWith(accountDataApi.delete.path)) await ensureFixtures();
    if (forgot) await settleForgot(headers, payload, mailsBefore);
    return;
  }
  if (!String(res.headers['content-type']).includes('application/json')) throw fail(`A ${res.statusCode} without application/json`);
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw fail(`A ${res.statusCode} whose body is not JSON`);
  }
  const problem = ProblemSchema.safeParse(body);
  if (!problem.success) throw fail(`A ${res.statusCode} whose body is not a Problem (wrong or missing: ${problem.error.issues.map((i) => i.path.join('.') || '(root)').join(', ')})`);
  if (problem.data.status !== res.statusCode) throw fail(`A Problem whose status ${problem.data.status} is not the answer's`);
  if (before) {
    const changes = await store.changesSince(before);
    if (changes.length) throw fail(`A refused request stored something: ${changes.join(', ')}`);
  }
}

/** A stable seed per route, so adding a route does not reshuffle the others. */
const seedOf = (op: Operation) => [...`${op.method} ${op.path}`].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

describe('fuzzing every route of the OpenAPI document', () => {
  it('finds the routes, the two upload routes among them', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.upload).map((op) => op.path)).toEqual(UPLOAD_ROUTES);
  });

  for (const op of operations) {
    it(
      `${op.method} ${op.path}`,
      async () => {
        const cases = requestCases(op, doc.components.schemas).map(printable);
        await fc.assert(
          fc.asyncProperty(cases, async (c) => {
            // A case with its own Authorization header is the same request whoever sends it.
            for (const who of c.ownAuth ? IDENTITIES.slice(0, 1) : IDENTITIES) await sendAs(op, c, who);
          }),
          { seed: seedOf(op), numRuns: RUNS },
        );
      },
      60_000 + RUNS * 3_000,
    );
  }

  it('leaves the owner and the stranger signed in, and their resources in place', async () => {
    for (const user of [owner, stranger]) expect((await call(t.app, 'GET', authApi.user.path, { jwt: user.jwt })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: ids.event }), { jwt: owner.jwt })).statusCode).toBe(200);
  });
});

afterAll(() => {
  if (!process.env.FUZZ_REPORT) return;
  for (const [route, counts] of seen) console.log(route.padEnd(56), [...counts].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' '));
});
