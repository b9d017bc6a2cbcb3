import { AreaSchema, type EventSummary } from '@hubbub/contract';
import type { EventRowBase } from './repository.js';

/** An event row as the API's EventSummary. */
export function toSummary(row: EventRowBase): EventSummary {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    timeZone: row.timeZone,
    slug: row.slug,
    venue: row.venue,
    area: row.area ? AreaSchema.parse(row.area) : null,
    thumbnailPath: row.thumbnailPath,
    status: row.status as EventSummary['status'],
    updated: row.updated,
    publishOnDate: row.publishOnDate,
    host: { id: row.userId, name: row.hostName },
    tags: row.tags,
    series: row.series,
    origin: row.origin,
  };
}
