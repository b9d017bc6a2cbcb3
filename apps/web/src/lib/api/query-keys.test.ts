import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

/** Whether invalidating `prefix` reaches the query cached under `key`. */
async function reaches(prefix: readonly unknown[], key: readonly unknown[]): Promise<boolean> {
  const client = new QueryClient();
  client.setQueryData(key, 1);
  await client.invalidateQueries({ queryKey: prefix });
  return client.getQueryState(key)?.isInvalidated ?? false;
}

describe('queryKeys', () => {
  it('lets a prefix invalidate every longer key under it', async () => {
    const box = { minLatitude: 1, maxLatitude: 2, minLongitude: 3, maxLongitude: 4 };
    expect(await reaches(queryKeys.eventSearch.all, queryKeys.eventSearch.list({ searchText: 'jazz' }, box))).toBe(true);
    expect(await reaches(queryKeys.users.all, queryKeys.users.person('u1'))).toBe(true);
    expect(await reaches(queryKeys.users.person('u1'), queryKeys.users.events('u1', 'past', 2))).toBe(true);
    expect(await reaches(queryKeys.home.all, queryKeys.home.get('America/Chicago'))).toBe(true);
    expect(await reaches(queryKeys.users.searches, queryKeys.users.search('ada', 2))).toBe(true);
    expect(await reaches(queryKeys.documents.lists, queryKeys.documents.search({ searchText: 'faq' }))).toBe(true);
    expect(await reaches(queryKeys.documents.revisions('d1'), queryKeys.documents.revision('d1', 3))).toBe(true);
    expect(await reaches(queryKeys.admin.auditAll, queryKeys.admin.audit({ pageNumber: 2 }))).toBe(true);
    expect(await reaches(queryKeys.admin.eventsAll, queryKeys.admin.event('e1'))).toBe(true);
    expect(await reaches(queryKeys.admin.peopleAll, queryKeys.admin.people('ada', 2))).toBe(true);
    expect(await reaches(queryKeys.admin.personAll, queryKeys.admin.person('u1'))).toBe(true);
  });

  it('keeps neighbours apart', async () => {
    expect(await reaches(queryKeys.events.detail('e1'), queryKeys.events.detail('e2'))).toBe(false);
    expect(await reaches(queryKeys.users.person('u1'), queryKeys.users.events('u2', 'past', 1))).toBe(false);
    expect(await reaches(queryKeys.events.detail('e1'), queryKeys.eventFlyers('e1'))).toBe(false);
    expect(await reaches(queryKeys.eventSearch.all, queryKeys.events.mine)).toBe(false);
    expect(await reaches(queryKeys.documents.lists, queryKeys.documents.detail('d1'))).toBe(false);
    expect(await reaches(queryKeys.admin.peopleAll, queryKeys.admin.person('u1'))).toBe(false);
    expect(await reaches(queryKeys.admin.personAll, queryKeys.admin.people('', 1))).toBe(false);
  });
});
