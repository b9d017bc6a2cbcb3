import type { Timeline } from '@hubbub/contract';
import type { TimelineRow } from './repository.js';

export function toTimeline(row: TimelineRow): Timeline {
  return {
    id: row.id,
    eventId: row.eventId,
    launchDate: row.launchDate.toISOString(),
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    flyerIds: row.flyerIds,
    state: row.state,
    repeatEverySeconds: row.repeatEverySeconds,
  };
}
