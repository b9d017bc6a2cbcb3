import { z } from 'zod';
import { PRESENCE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema, OkSchema, PageNumberSchema } from './common.js';
import { PersonNameSchema } from './auth.js';
import { defineEndpoints, endpoint } from './endpoint.js';

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
    /** Whether the person chose to be in the people directory (hosts of public events are listed anyway). */
    listedInDirectory: z.boolean(),
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
    /** Absent keeps the current choice; a new account is not listed until it says so. */
    listedInDirectory: z.boolean().optional(),
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

/** Every people call may also answer 409 (a relation that is already so, a blocked person). */
const userProblems = [400, 404, 409] as const;

export const usersApi = defineEndpoints('users', {
  /** The people directory: people who host public events or chose to be listed (Profile.listedInDirectory). */
  search: endpoint('POST', `${PRESENCE}/user/search/`, {
    summary: 'Search the people directory (hosts of public events and people who chose to be listed) by name or place',
    auth: 'bearer',
    body: UserSearchCriteriaSchema,
    answer: UserSearchResultSchema,
    problems: userProblems,
  }),
  summary: endpoint('GET', `${PRESENCE}/user/summary/`, { summary: "The signed-in user's counts", auth: 'bearer', answer: UserSummarySchema, problems: userProblems }),
  profile: endpoint('GET', `${PRESENCE}/user/profile/`, { summary: "The signed-in user's profile", auth: 'bearer', answer: ProfileSchema, problems: userProblems }),
  updateProfile: endpoint('POST', `${PRESENCE}/user/profile/`, {
    summary: 'Update the profile (200 means success)',
    auth: 'bearer',
    body: ProfileUpdateSchema,
    answer: OkSchema,
    problems: userProblems,
  }),
  /** Works signed out; with a bearer the relation flags are filled in. */
  getPublic: endpoint('GET', `${PRESENCE}/user/public/:id`, {
    summary: 'A person as anyone sees them',
    auth: 'optional',
    params: IdParamsSchema,
    answer: PersonSchema,
    problems: [400, 401, 403, 404, 409],
  }),
  block: endpoint('POST', `${PRESENCE}/user/block/:id/:flag`, {
    summary: 'Block (1) or unblock (0) a person',
    auth: 'bearer',
    params: BlockParamsSchema,
    answer: RelationSchema,
    problems: userProblems,
  }),
  /** The person rides in the query (`?userId=`) and the body is empty, as the spec has it. */
  follow: endpoint('POST', `${PRESENCE}/user/link/`, {
    summary: 'Follow the person named by ?userId= (empty body)',
    auth: 'bearer',
    query: FollowQuerySchema,
    answer: RelationSchema,
    problems: userProblems,
  }),
  unfollow: endpoint('DELETE', `${PRESENCE}/user/link/:id`, {
    summary: 'Unfollow a person',
    auth: 'bearer',
    params: UnfollowParamsSchema,
    answer: RelationSchema,
    problems: userProblems,
  }),
  get: endpoint('GET', `${PRESENCE}/user/:id`, {
    summary: 'A person, with your relation to them',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: PersonSchema,
    problems: userProblems,
  }),
});
