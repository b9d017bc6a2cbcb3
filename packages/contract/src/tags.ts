import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Tags and categories (a category is a tag with isCategory), and the tags of an event.

export const TagSchema = z
  .object({ id: z.uuid(), name: z.string(), categoryId: z.uuid().nullable(), isCategory: z.boolean() })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof TagSchema>;

export const EventTagSchema = z.object({ eventId: IdSchema, tagId: IdSchema }).meta({ id: 'EventTag' });
export const TagSearchSchema = z
  .object({ searchText: z.string().trim().max(60).default(''), categoryId: IdSchema.nullish() })
  .meta({ id: 'TagSearch' });

export const TagListSchema = z.array(TagSchema).meta({ id: 'TagList' });

export const tagsApi = defineEndpoints('tags', {
  categories: endpoint('GET', `${ENGINE}/tag/categories`, { summary: 'Event categories', answer: TagListSchema }),
  search: endpoint('POST', `${ENGINE}/tag/search`, { summary: 'Tags by name, optionally within a category', body: TagSearchSchema, answer: TagListSchema, problems: [400] }),
});
