import { z } from 'zod';
import { IdSchema } from './common.js';

// Links: a person stars, follows or attends an event.

export const LinkTypes = ['Star', 'Follow', 'Attendee'] as const;
export const LinkTypeSchema = z.enum(LinkTypes, { message: 'Link type must be Star, Follow or Attendee.' });
export type LinkType = z.infer<typeof LinkTypeSchema>;

export const LinkCountsSchema = z.object({ Star: z.number().int(), Follow: z.number().int(), Attendee: z.number().int() });
export const MyLinksSchema = z.object({ Star: z.uuid().nullable(), Follow: z.uuid().nullable(), Attendee: z.uuid().nullable() });

export const EventLinkCreateSchema = z.object({ eventId: IdSchema, type: LinkTypeSchema }).meta({ id: 'EventLinkCreate' });
export const EventLinkSchema = z
  .object({ id: z.uuid(), eventId: z.uuid(), userId: z.uuid(), userName: z.string(), type: LinkTypeSchema, created: z.string() })
  .meta({ id: 'EventLink' });
export type EventLink = z.infer<typeof EventLinkSchema>;
export const EventLinkSearchSchema = z
  .object({ eventId: IdSchema.nullish(), userId: IdSchema.nullish(), type: LinkTypeSchema.nullish(), pageNumber: z.number().int().min(1).max(1000).default(1) })
  .meta({ id: 'EventLinkSearch' });
export const IdResultSchema = z.object({ id: z.uuid() }).meta({ id: 'IdResult' });
