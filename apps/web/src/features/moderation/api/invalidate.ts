import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api';

/**
 * Every moderation action can change every admin view: a suspension hides the host's events, a
 * stopped buzz leaves Live now, any action adds to the audit log and may close reports. Marking
 * them all stale is cheap; only the ones on screen refetch.
 */
export function invalidateAfterModeration(client: QueryClient, target: { eventId?: string } = {}): void {
  for (const queryKey of [
    queryKeys.admin.reports,
    queryKeys.admin.auditAll,
    queryKeys.admin.eventsAll,
    queryKeys.admin.peopleAll,
    queryKeys.admin.personAll,
    queryKeys.admin.live,
    queryKeys.admin.overview,
    // What everyone else sees changes too: search and the map leave hidden events out.
    queryKeys.eventSearch.all,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
  if (target.eventId) void client.invalidateQueries({ queryKey: queryKeys.events.detail(target.eventId) });
}
