import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EventStatus, FlyerContentSchema, authApi } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { seedDemo } from '../src/modules/demo/seed.js';
import { seedDemoEvents } from '../src/modules/demo/events-seed.js';
import { LOOP_SECONDS, seedShowcase } from '../src/modules/demo/showcase-seed.js';
import { EVENT_TEMPLATES } from '../src/modules/demo/demo-catalogue.js';
import { build, OTHER_TENANT, type TestApp } from './support/build.js';
import { call } from './support/api.js';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<typeof seedDemo>[2];

describe('the demo seed', () => {
  let db: ScratchDatabase;
  let t: TestApp;
  let tenant: { id: string; key: string };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.ctx.db, query);
  const demoId = async () => (await rows<{ id: string }>(sql`select id from users where email = 'demo@hubbub.local' and tenant_id = ${tenant.id}`))[0].id;

  beforeAll(async () => {
    db = await createScratchDatabase('demo', { server: inject('databaseUrl') });
    t = await build({ database: db });
    tenant = { id: t.app.ctx.tenants.get('hubbub')!, key: 'hubbub' };
    await seedDemo(t.app.ctx, tenant, silent);
    await seedDemoEvents(t.app.ctx, tenant, silent, 300);
    await seedShowcase(t.app.ctx, tenant, silent);
    // A second tenant, seeded after the first as main.ts does (only its people: the file is what is tested).
    await seedDemo(t.app.ctx, { id: t.app.ctx.tenants.get(OTHER_TENANT)!, key: OTHER_TENANT }, silent);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('puts the demo people on a plan with every feature, marked as the demo', async () => {
    const plans = await rows<{ email: string; plan: string; source: string }>(sql`
      select u.email, s.plan, s.source from users u join subscriptions s on s.user_id = u.id
      where u.tenant_id = ${tenant.id} and u.email in ('demo@hubbub.local', 'river@hubbub.local', 'maya@hubbub.local') order by u.email`);
    expect(plans.map((p) => [p.plan, p.source])).toEqual([
      ['Enterprise', 'demo'],
      ['Enterprise', 'demo'],
      ['Enterprise', 'demo'],
    ]);
  });

  it('gives the demo account events of its own (one today), designed flyers, and people and events to follow', async () => {
    const id = await demoId();
    const own = await rows<{ name: string; startsAt: string; thumbnail: string | null }>(sql`
      select name, starts_at::text as "startsAt", thumbnail_path as thumbnail from events where user_id = ${id} order by starts_at`);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.every((e) => e.thumbnail)).toBe(true);
    expect(Date.parse(own[0].startsAt) - Date.now()).toBeLessThan(24 * 3_600_000);
    const flyers = await rows<{ contentJson: string }>(sql`
      select f.content_json as "contentJson" from flyers f join events e on e.id = f.event_id where e.user_id = ${id}`);
    expect(flyers.length).toBeGreaterThanOrEqual(3);
    for (const flyer of flyers) {
      const content = FlyerContentSchema.parse(JSON.parse(flyer.contentJson));
      expect(content.background.kind).toBe('gradient');
      expect(content.blocks.some((b) => b.kind === 'emoji')).toBe(true);
    }
    const [follows] = await rows<{ people: number; events: number }>(sql`
      select (select count(*)::int from user_follows where follower_id = ${id}) as people,
             (select count(*)::int from event_links where user_id = ${id} and type = 'Follow') as events`);
    expect(follows.people).toBeGreaterThanOrEqual(2);
    expect(follows.events).toBeGreaterThanOrEqual(3);
  });

  it('keeps one followed event live now, with a looping launch per flyer', async () => {
    const id = await demoId();
    const live = await rows<{ id: string; startsAt: string; endsAt: string }>(sql`
      select e.id, e.starts_at::text as "startsAt", e.ends_at::text as "endsAt" from events e
      join event_links l on l.event_id = e.id and l.user_id = ${id} and l.type = 'Follow'
      where e.status = ${EventStatus.Started}`);
    expect(live).toHaveLength(1);
    expect(Date.parse(live[0].startsAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(live[0].endsAt)).toBeGreaterThan(Date.now());
    const loops = await rows<{ repeat: number; flyers: number; state: string }>(sql`
      select repeat_every_seconds as repeat, cardinality(flyer_ids) as flyers, state from timelines where event_id = ${live[0].id}`);
    expect(loops.length).toBeGreaterThanOrEqual(3);
    expect(loops.every((l) => l.repeat === LOOP_SECONDS && l.flyers === 1)).toBe(true);
  });

  it('gives the live event a chat already talking, said through the chat service by several people', async () => {
    const [chat] = await rows<{ messages: number; authors: number; first: string; last: string }>(sql`
      select count(*)::int as messages, count(distinct m.user_id)::int as authors, min(m.created_at)::text as first, max(m.created_at)::text as last
      from chat_messages m join events e on e.id = m.event_id where e.tenant_id = ${tenant.id} and e.status = ${EventStatus.Started}`);
    expect(chat.messages).toBeGreaterThanOrEqual(12);
    expect(chat.authors).toBeGreaterThanOrEqual(6);
    // Spread over the last quarter hour, not all at one instant.
    expect(Date.parse(chat.last) - Date.parse(chat.first)).toBeGreaterThan(5 * 60_000);
  });

  it('writes descriptions, tags and thumbnails that match each event', async () => {
    const events = await rows<{ name: string; description: string; tags: string[]; thumbnail: string | null }>(sql`
      select e.name, e.content_json as description, e.thumbnail_path as thumbnail,
        array(select t.name from event_tags et join tags t on t.id = et.tag_id where et.event_id = e.id)::text[] as tags
      from events e where e.tenant_id = ${tenant.id} and e.user_id not in (select id from users where email like '%@hubbub.local' and email not like 'host%')`);
    expect(events.length).toBeGreaterThan(250);
    const templates = Object.entries(EVENT_TEMPLATES).flatMap(([category, list]) => list.map((template) => ({ category, ...template })));
    for (const event of events) {
      const template = templates.find((x) => event.name.startsWith(`${x.name} — `));
      expect(template, event.name).toBeDefined();
      expect(event.description.startsWith(template!.blurb)).toBe(true);
      expect(event.tags).toEqual(expect.arrayContaining([template!.category, template!.tag]));
      // Every one has its kind's picture (issue 26: about 15 % once had none).
      expect(event.thumbnail, event.name).toContain(`-${template!.icon}.webp`);
    }
  });

  it('gives every host a profile that says what they host', async () => {
    const hosts = await rows<{ bio: string | null; location: string | null }>(sql`
      select bio, location from users where tenant_id = ${tenant.id} and email like 'host%@hubbub.local'`);
    expect(hosts.length).toBe(24);
    expect(hosts.every((h) => h.bio && h.location)).toBe(true);
  });

  it('issue 22 (finding 12): demo-credentials.txt keeps every tenant’s login, labelled by tenant, and each signs in to its tenant', async () => {
    const file = path.join(t.dataDir, 'demo-credentials.txt');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const text = await fs.readFile(file, 'utf8');
    // Read as a person reads it: a header per tenant with its password, then the addresses.
    const blocks = [...text.matchAll(/^Hubbub demo accounts \(tenant (\S+)\), all with the password: (\S+)\n((?: {2}\S+\n)+)/gm)].map((m) => ({
      tenant: m[1],
      password: m[2],
      emails: m[3].trim().split(/\s+/),
    }));
    expect(blocks.map((b) => b.tenant)).toEqual(['hubbub', OTHER_TENANT]);
    // One password per tenant.
    expect(blocks[0].password).not.toBe(blocks[1].password);
    for (const block of blocks) {
      expect(block.emails).toEqual(['demo@hubbub.local', 'river@hubbub.local', 'maya@hubbub.local']);
      for (const email of block.emails) {
        const login = await call(t.app, 'POST', authApi.login.path, { tenant: block.tenant, body: { email, password: block.password } });
        expect(login.statusCode, `${block.tenant} ${email}: ${login.body}`).toBe(200);
      }
      // The password is that tenant's only.
      const other = blocks.find((b) => b !== block)!;
      expect((await call(t.app, 'POST', authApi.login.path, { tenant: other.tenant, body: { email: 'demo@hubbub.local', password: block.password } })).statusCode).toBe(401);
    }
  });

  it('runs once: a second start adds nothing', async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from events where tenant_id = ${tenant.id}`))[0].n;
    const before = await count();
    await seedDemo(t.app.ctx, tenant, silent);
    await seedDemoEvents(t.app.ctx, tenant, silent, 300);
    await seedShowcase(t.app.ctx, tenant, silent);
    expect(await count()).toBe(before);
    // Nor does it touch the logins already handed out.
    expect((await fs.readFile(path.join(t.dataDir, 'demo-credentials.txt'), 'utf8')).match(/^Hubbub demo accounts/gm)).toHaveLength(2);
  });
});
