import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountApi, moderationApi, pathOf } from '@hubbub/contract';
import { ADMIN_IDS, adminEvent, adminPerson, catalogue, manifestWith } from '@/test/admin-fixtures';
import { fakeApi, problem } from '@/test/fake-api';
import { moderateEvent, type EventAction } from './admin-event';
import { getAuditLog } from './audit';
import { getCatalogue, PLAN_CHOICES } from './catalogue';
import { getPeople } from './people';
import { deletePerson, moderatePerson } from './person';
import { createReport } from './report';
import { dismissReports } from './reports';

const id = ADMIN_IDS.person;

describe('moderation calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends each event action to its own entry with the reason', async () => {
    const entries = { hide: moderationApi.eventHide, unhide: moderationApi.eventUnhide, cancel: moderationApi.eventCancel, stop: moderationApi.eventStop };
    const api = fakeApi();
    for (const entry of Object.values(entries)) api.on(entry, adminEvent());
    for (const action of Object.keys(entries) as EventAction[]) {
      await expect(moderateEvent({ id: ADMIN_IDS.event, action, reason: `why ${action}` })).resolves.toEqual(adminEvent());
    }
    expect(api.all.map((c) => [c.method, c.path, c.body])).toEqual(
      Object.entries(entries).map(([action, entry]) => ['POST', pathOf(entry, { id: ADMIN_IDS.event }), { reason: `why ${action}` }]),
    );
  });

  it('sends each person action to its own entry with what it takes', async () => {
    const api = fakeApi()
      .on(moderationApi.personSuspend, adminPerson())
      .on(moderationApi.personLift, adminPerson())
      .on(moderationApi.personRole, adminPerson())
      .on(moderationApi.personPlan, adminPerson());
    await moderatePerson({ kind: 'suspend', id, reason: 'a' });
    await moderatePerson({ kind: 'lift', id, reason: 'b' });
    await moderatePerson({ kind: 'role', id, admin: true, reason: 'c' });
    await moderatePerson({ kind: 'plan', id, plan: 'Pro', addOns: ['Download.HTML'], reason: 'd' });
    expect(api.all.map((c) => [c.path, c.body])).toEqual([
      [pathOf(moderationApi.personSuspend, { id }), { reason: 'a' }],
      [pathOf(moderationApi.personLift, { id }), { reason: 'b' }],
      [pathOf(moderationApi.personRole, { id }), { admin: true, reason: 'c' }],
      [pathOf(moderationApi.personPlan, { id }), { plan: 'Pro', addOns: ['Download.HTML'], reason: 'd' }],
    ]);
  });

  it('deletes a person with the reason, and passes a refusal on with its code', async () => {
    const api = fakeApi().on(moderationApi.personDelete, { ok: true });
    await expect(deletePerson({ id, reason: 'gone' })).resolves.toEqual({ ok: true });
    expect(api.all[0]).toMatchObject({ method: 'POST', path: pathOf(moderationApi.personDelete, { id }), body: { reason: 'gone' } });

    fakeApi().on(moderationApi.personDelete, () => problem(409, 'last_admin', 'Last admin.'));
    await expect(deletePerson({ id, reason: 'gone' })).rejects.toMatchObject({ code: 'last_admin', message: 'Last admin.' });
  });

  it('dismisses by target type and id', async () => {
    const api = fakeApi().on(moderationApi.reportDismiss, { ok: true });
    await dismissReports({ targetType: 'flyer', targetId: ADMIN_IDS.flyer, reason: 'fine' });
    expect(api.all[0]).toMatchObject({ path: pathOf(moderationApi.reportDismiss, { targetType: 'flyer', targetId: ADMIN_IDS.flyer }), body: { reason: 'fine' } });
  });

  it('reports through the engine API', async () => {
    const api = fakeApi().on(moderationApi.report, { id: '5f0e1d2c-3b4a-4958-8776-a5b4c3d2e1f0', targetType: 'event', targetId: ADMIN_IDS.event, reason: 'spam', created: '2026-03-01T10:00:00Z' });
    await createReport({ targetType: 'event', targetId: ADMIN_IDS.event, reason: 'spam', note: null });
    expect(api.all[0]).toMatchObject({ method: 'POST', path: moderationApi.report.path, body: { targetType: 'event', targetId: ADMIN_IDS.event, reason: 'spam', note: null } });
  });

  it('asks for people without q when the search is empty', async () => {
    const page = { people: [], totalCount: 0, pageNumber: 3, pageSize: 25 };
    const api = fakeApi().on(moderationApi.people, page);
    await getPeople({ q: '', pageNumber: 3 });
    await getPeople({ q: 'hal', pageNumber: 1 });
    expect(api.all.map((c) => c.query.toString())).toEqual(['pageNumber=3', 'q=hal&pageNumber=1']);
  });

  it('passes the audit filters as the query', async () => {
    const api = fakeApi().on(moderationApi.audit, { entries: [], totalCount: 0, pageNumber: 1, pageSize: 50 });
    await getAuditLog({ action: 'person.role', targetId: id, pageNumber: 2 });
    await getAuditLog({ pageNumber: 1 });
    expect(api.all.map((c) => c.query.toString())).toEqual([`action=person.role&targetId=${id}&pageNumber=2`, 'pageNumber=1']);
  });
});

describe('getCatalogue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the plans and add-ons the manifest lists, naming renamed plans by both', async () => {
    fakeApi().on(accountApi.manifest, manifestWith(catalogue));
    await expect(getCatalogue()).resolves.toEqual({
      plans: [
        { value: 'Free', label: 'Free' },
        { value: 'Basic', label: 'Basic' },
        { value: 'Pro', label: 'Organiser (Pro)' },
      ],
      addOns: [{ value: 'Download.HTML', label: 'Download as HTML (Download.HTML)' }],
    });
  });

  it('falls back to the contract’s plans when the list is unreadable or has no plan', async () => {
    fakeApi().on(accountApi.manifest, { settings: { Products: '{broken' } });
    await expect(getCatalogue()).resolves.toEqual({ plans: PLAN_CHOICES, addOns: [] });

    fakeApi().on(accountApi.manifest, manifestWith(catalogue.filter((e) => e.kind === 'addOn')));
    const onlyAddOns = await getCatalogue();
    expect(onlyAddOns.plans).toEqual(PLAN_CHOICES);
    expect(onlyAddOns.addOns).toHaveLength(1);
  });
});
