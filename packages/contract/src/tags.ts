import { z } from 'zod';
import { IdSchema } from './common.js';

// Tags and categories (a category is a tag with isCategory), and the tags of an event.

export const TagSchema = z
  .object({ id: z.uuid(), name: z.string(), categoryId: z.uuid().nullable(), isCategory: z.boolean() })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof TagSchema>;

export const EventTagSchema = z.object({ eventId: IdSchema, tagId: IdSchema }).meta({ id: 'EventTag' });
export const TagSearchSchema = z
  .object({ searchText: z.string().trim().max(60).default(''), categoryId: IdSchema.nullish() })
  .meta({ id: 'TagSearch' });
