import { z } from 'zod';
import { PageNumberSchema, IdSchema } from './common.js';
import { PersonNameSchema } from './auth.js';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.` })
    .nullish()
    .transform((v) => (v ? v : null));

export const ProfileSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    website: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileUpdateSchema = z
  .object({
    name: PersonNameSchema,
    bio: optionalText(1000, 'Bio'),
    location: optionalText(120, 'Location'),
    website: z
      .string()
      .trim()
      .max(300, { message: 'Website must be at most 300 characters.' })
      .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'Website must start with http:// or https://.' })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** A person as others see them. Relation flags are false for anonymous visitors. */
export const PersonSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    website: z.string().nullable(),
    createdAt: z.string(),
    eventCount: z.number().int(),
    followerCount: z.number().int(),
    followingCount: z.number().int(),
    isSelf: z.boolean(),
    isFollowing: z.boolean(),
    isFollower: z.boolean(),
    isBlocked: z.boolean(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof PersonSchema>;

export const PersonSummarySchema = z
  .object({ id: z.uuid(), name: z.string(), location: z.string().nullable(), isFollowing: z.boolean() })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof PersonSummarySchema>;

export const USER_SEARCH_PAGE_SIZE = 20;

export const UserSearchCriteriaSchema = z
  .object({
    searchText: z.string().trim().max(100).optional().default(''),
    pageNumber: PageNumberSchema,
  })
  .meta({ id: 'UserSearchCriteria' });
export type UserSearchCriteria = z.input<typeof UserSearchCriteriaSchema>;

export const UserSearchResultSchema = z
  .object({
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    searchText: z.string(),
    users: z.array(PersonSummarySchema),
  })
  .meta({ id: 'UserSearchResult' });
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

export const UserSummarySchema = z
  .object({ eventCount: z.number().int(), followerCount: z.number().int(), followingCount: z.number().int() })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const FollowQuerySchema = z.object({ userId: IdSchema });
export const UnfollowParamsSchema = z.object({ id: IdSchema });
export const BlockParamsSchema = z.object({
  id: IdSchema,
  flag: z.enum(['0', '1'], { message: 'The block flag must be 0 or 1.' }),
});

export const RelationSchema = z
  .object({ userId: z.uuid(), isFollowing: z.boolean(), isBlocked: z.boolean() })
  .meta({ id: 'Relation' });
export type Relation = z.infer<typeof RelationSchema>;
