import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/api';
import { testQueryClient } from '@/test/render';
import { invalidateAfterModeration } from './invalidate';

const EVENT = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';
const OTHER = '1c7f4e2f-6b3d-4d8f-8a21-3e4f5a6b7c8d';

/** A client holding an answer under each key. */
function clientWith(keys: readonly (readonly unknown[])[]) {
  const client = testQueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const stale = (client: ReturnType<typeof testQueryClient>, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('invalidateAfterModeration', () => {
  const adminViews = [
    queryKeys.admin.reports,
    queryKeys.admin.audit({ pageNumber: 1 }),
    queryKeys.admin.event(OTHER),
    queryKeys.admin.people('', 1),
    queryKeys.admin.person(OTHER),
    queryKeys.admin.live,
    queryKeys.admin.overview,
    queryKeys.eventSearch.list({}, {}),
  ];

  it('marks every admin view, and what search shows everyone, stale', () => {
    const client = clientWith(adminViews);
    invalidateAfterModeration(client);
    expect(adminViews.filter((key) => !stale(client, key))).toEqual([]);
  });

  it('marks the acted-on event’s page stale, and no other event’s', () => {
    const client = clientWith([queryKeys.events.detail(EVENT), queryKeys.events.detail(OTHER), queryKeys.profile]);
    invalidateAfterModeration(client, { eventId: EVENT });
    expect(stale(client, queryKeys.events.detail(EVENT))).toBe(true);
    expect(stale(client, queryKeys.events.detail(OTHER))).toBe(false);
    // Nothing outside moderation's reach.
    expect(stale(client, queryKeys.profile)).toBe(false);
  });
});
