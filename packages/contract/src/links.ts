import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema, OkSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { EventSummarySchema } from './events.js';

// Links: a person stars, follows or attends an event (an event's counts of them are in events.ts).

export const LinkTypes = ['Star', 'Follow', 'Attendee'] as const;
export const LinkTypeSchema = z.enum(LinkTypes, { message: 'Link type must be Star, Follow or Attendee.' });
export type LinkType = z.infer<typeof LinkTypeSchema>;

export const EventLinkCreateSchema = z.object({ eventId: IdSchema, type: LinkTypeSchema }).meta({ id: 'EventLinkCreate' });
export const EventLinkSchema = z
  .object({ id: z.uuid(), eventId: z.uuid(), userId: z.uuid(), userName: z.string(), type: LinkTypeSchema, created: z.string() })
  .meta({ id: 'EventLink' });
export type EventLink = z.infer<typeof EventLinkSchema>;
export const EventLinkSearchSchema = z
  .object({ eventId: IdSchema.nullish(), userId: IdSchema.nullish(), type: LinkTypeSchema.nullish(), pageNumber: z.number().int().min(1).max(1000).default(1) })
  .meta({ id: 'EventLinkSearch' });
export const IdResultSchema = z.object({ id: z.uuid() }).meta({ id: 'IdResult' });

/** Links with the event each points at. */
export const EventLinkSearchResultSchema = z
  .object({ totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int(), links: z.array(EventLinkSchema.extend({ event: EventSummarySchema })) })
  .meta({ id: 'EventLinkSearchResult' });
export type EventLinkSearchResult = z.infer<typeof EventLinkSearchResultSchema>;

export const eventLinksApi = defineEndpoints('eventLinks', {
  search: endpoint('POST', `${ENGINE}/event/link/search/`, {
    summary: 'Your links, or the links of an event you host',
    auth: 'bearer',
    body: EventLinkSearchSchema,
    answer: EventLinkSearchResultSchema,
    problems: [400, 404],
  }),
  create: endpoint('POST', `${ENGINE}/event/link/`, {
    summary: 'Star, follow or attend an event; returns the link id',
    auth: 'bearer',
    body: EventLinkCreateSchema,
    answer: IdResultSchema,
    problems: [400, 404],
  }),
  delete: endpoint('DELETE', `${ENGINE}/event/link/:id`, {
    summary: 'Remove one of your links (200 means success)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: OkSchema,
    problems: [400, 404],
  }),
});
