import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSchema, eventsApi, pathOf } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem as expectProblem } from './support/problem.js';

// Issue 27: an area's state is one of the 51 codes of spec 3's list; rows written before are
// repaired by migration 0026 and nothing typed is lost.

let t: TestApp;
let host: TestUser;
beforeAll(async () => {
  t = await build();
  host = await signUp(t);
  await usePlan(t, host, 'Enterprise');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 2 * 86_400_000;
const body = (state: unknown) => ({
  name: `State fair ${Math.random().toString(36).slice(2, 8)}`,
  startDate: new Date(T0).toISOString(),
  endDate: new Date(T0 + 2 * HOUR).toISOString(),
  area: { name: 'Fairgrounds', latitude: 32.78, longitude: -96.76, city: 'Dallas', state },
});

describe("an area's state", () => {
  it('is stored as its code, from a code or a name in any case', async () => {
    for (const state of ['TX', 'tx', 'Texas']) {
      const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: body(state) });
      expect(res.statusCode, res.body).toBe(200);
      expect(EventSchema.parse(res.json()).area?.state).toBe('TX');
    }
  });

  it('outside the US is the place\'s own region', async () => {
    const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: { ...body('PF'), area: { ...body('PF').area, country: 'PF' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(EventSchema.parse(res.json()).area?.state).toBe('PF');
  });

  it('that is not a US state is refused naming the field, and nothing is stored', async () => {
    const before = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from events where user_id = ${host.id}`);
    for (const state of ['ZZ', 'Ontario', 'T']) {
      const problem = expectProblem(await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: body(state) }), 400, 'validation');
      expect(Object.keys(problem.errors ?? {})).toContain('area.state');
    }
    const after = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from events where user_id = ${host.id}`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('migration 0026 (us_state_codes)', () => {
  it('turns names into codes, keeps any other value in the area name, reports it, and leaves every event readable', async () => {
    const tenantId = t.app.ctx.tenants.get(TENANT)!;
    const insert = async (name: string, state: string | null, country?: string) => {
      const area = { name, type: 4, latitude: 30.27, longitude: -97.74, zoom: 12, city: 'Somewhere', ...(state === null ? {} : { state }), ...(country ? { country } : {}) };
      const [row] = await queryRows<{ id: string }>(
        t.app.ctx.db,
        sql`insert into events (tenant_id, user_id, name, starts_at, ends_at, slug, lat, lng, area)
            values (${tenantId}, ${host.id}, ${`Old row ${name}`}, ${new Date(T0).toISOString()}, ${new Date(T0 + HOUR).toISOString()}, ${`old-${Math.random().toString(36).slice(2)}`}, 30.27, -97.74, ${JSON.stringify(area)}::jsonb)
            returning id`,
      );
      return row.id;
    };
    const ids = {
      name: await insert('Austin', 'Texas'),
      lower: await insert('Austin', 'tx'),
      spaced: await insert('Brooklyn', ' new  york '),
      unknown: await insert('Toronto', 'Ontario'),
      blank: await insert('Nowhere', ''),
      none: await insert('Plain', null),
      good: await insert('Omaha', 'NE'),
      us: await insert('Springfield', 'Nowhere', 'US'),
      // Outside the US the state is the place's own region, left as it is.
      abroad: await insert('Papeete', 'PF', 'PF'),
    };
    const migration = await fs.readFile(path.resolve(import.meta.dirname, '../drizzle/0026_us_state_codes.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.app.ctx.db.execute(sql.raw(statement));

    const areaOf = async (id: string) =>
      (await queryRows<{ area: { name: string; state?: string } }>(t.app.ctx.db, sql`select area from events where id = ${id}`))[0].area;
    expect((await areaOf(ids.name)).state).toBe('TX');
    expect((await areaOf(ids.lower)).state).toBe('TX');
    expect((await areaOf(ids.spaced)).state).toBe('NY');
    expect(await areaOf(ids.unknown)).toMatchObject({ name: 'Toronto, Ontario' });
    expect((await areaOf(ids.unknown)).state).toBeUndefined();
    expect(await areaOf(ids.blank)).toMatchObject({ name: 'Nowhere' });
    expect((await areaOf(ids.none)).state).toBeUndefined();
    expect((await areaOf(ids.good)).state).toBe('NE');
    expect(await areaOf(ids.us)).toMatchObject({ name: 'Springfield, Nowhere' });
    expect(await areaOf(ids.abroad)).toMatchObject({ name: 'Papeete', state: 'PF' });

    const reports = await queryRows<{ target_id: string; before: { area: { state: string } } }>(
      t.app.ctx.db,
      sql`select target_id, before from audit_log where action = 'system.area-state-repair' and target_id in (${sql.join(Object.values(ids).map((id) => sql`${id}`), sql`, `)})`,
    );
    expect(reports.map((r) => [r.target_id, r.before.area.state]).sort()).toEqual(
      [
        [ids.unknown, 'Ontario'],
        [ids.us, 'Nowhere'],
      ].sort(),
    );

    for (const id of Object.values(ids)) {
      const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id }), { jwt: host.jwt });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
