import { z } from 'zod';
import { PlanNameSchema } from './account.js';
import { IdSchema } from './common.js';
import { EventHiddenSchema, EventStatusSchema } from './events.js';
import { ReportReasonSchema, moderationReason as reason } from './moderation.js';

// The admin console: people, events and live sessions as operators see them. Every action
// carries a reason, which goes in the audit log with the state before and after.

export const ADMIN_PEOPLE_PAGE_SIZE = 25;
/** How many of a person's sessions and events their admin page lists (newest first). */
export const ADMIN_PERSON_LIST_MAX = 50;

export const AdminIdParamsSchema = z.object({ id: IdSchema });

export const AdminFlyerSchema = z.object({ id: z.uuid(), name: z.string(), isActivated: z.boolean(), openReports: z.number().int() }).meta({ id: 'AdminFlyer' });

/** An event in context for a moderator: whatever its state, with its host, flyers and reports. */
export const AdminEventSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: EventStatusSchema,
    startDate: z.string(),
    endDate: z.string(),
    timeZone: z.string(),
    venue: z.string().nullable(),
    description: z.string().nullable(),
    published: z.boolean(),
    thumbnailPath: z.string().nullable(),
    hidden: EventHiddenSchema.nullable(),
    host: z.object({ id: z.uuid(), name: z.string(), email: z.string(), suspended: z.boolean() }),
    flyers: z.array(AdminFlyerSchema),
    openReports: z.number().int(),
    reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
  })
  .meta({ id: 'AdminEvent' });
export type AdminEvent = z.infer<typeof AdminEventSchema>;

export const AdminPeopleQuerySchema = z.object({
  q: z.string().trim().max(320, { message: 'The search is at most 320 characters.' }).optional(),
  pageNumber: z.coerce.number({ message: 'pageNumber must be a number.' }).int().min(1).max(1000).default(1),
});

export const AdminPersonSummarySchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    plan: z.string(),
    roles: z.array(z.string()),
    suspended: z.boolean(),
    created: z.string(),
    events: z.number().int(),
    openReports: z.number().int(),
  })
  .meta({ id: 'AdminPersonSummary' });
export type AdminPersonSummary = z.infer<typeof AdminPersonSummarySchema>;

export const AdminPeoplePageSchema = z
  .object({ people: z.array(AdminPersonSummarySchema), totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminPeoplePage' });
export type AdminPeoplePage = z.infer<typeof AdminPeoplePageSchema>;

export const AdminPersonSchema = AdminPersonSummarySchema.extend({
  addOns: z.array(z.string()),
  emailVerified: z.boolean(),
  /** `password`, and each external provider linked (google, microsoft). */
  signInMethods: z.array(z.string()),
  /** The Admin role comes from ADMIN_EMAIL and cannot be removed in the console. */
  adminFromConfig: z.boolean(),
  suspension: z.object({ reason: z.string(), at: z.string() }).nullable(),
  subscription: z.object({ source: z.string(), status: z.string() }).nullable(),
  sessions: z.array(z.object({ id: z.uuid(), created: z.string(), revoked: z.string().nullable(), revokedReason: z.string().nullable() })),
  eventList: z.array(z.object({ id: z.uuid(), name: z.string(), startDate: z.string(), status: EventStatusSchema, hidden: EventHiddenSchema.nullable() })),
  /** Open reports about the person themselves, by reason. */
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
}).meta({ id: 'AdminPerson' });
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

export const AdminRoleChangeSchema = z.object({ admin: z.boolean({ message: 'admin is true (grant) or false (remove).' }), reason }).meta({ id: 'AdminRoleChange' });
export type AdminRoleChange = z.input<typeof AdminRoleChangeSchema>;

export const AdminPlanChangeSchema = z
  .object({ plan: PlanNameSchema, addOns: z.array(z.string().trim().min(1).max(100)).max(20).default([]), reason })
  .meta({ id: 'AdminPlanChange' });
export type AdminPlanChange = z.input<typeof AdminPlanChangeSchema>;

export const LiveSessionSchema = z
  .object({ eventId: z.uuid(), name: z.string(), startDate: z.string(), host: z.object({ id: z.uuid(), name: z.string() }), watchers: z.number().int() })
  .meta({ id: 'LiveSession' });
export type LiveSession = z.infer<typeof LiveSessionSchema>;
export const LiveNowSchema = z.object({ sessions: z.array(LiveSessionSchema) }).meta({ id: 'LiveNow' });
export type LiveNow = z.infer<typeof LiveNowSchema>;

// Self service: download my data, delete my account.

/** Deleting one's account is confirmed by the password, or by typing the email when the account has none (external sign-in). */
export const AccountDeleteSchema = z
  .object({
    password: z.string().max(200).optional(),
    email: z.string().trim().max(320).optional(),
  })
  .refine((v) => Boolean(v.password || v.email), { message: 'Confirm with your password, or type your email address.' })
  .meta({ id: 'AccountDelete' });
export type AccountDelete = z.input<typeof AccountDeleteSchema>;

/** One JSON file with what the account holds. */
export const AccountExportSchema = z
  .object({
    exportedAt: z.string(),
    profile: z.record(z.string(), z.unknown()),
    events: z.array(z.record(z.string(), z.unknown())),
    flyers: z.array(z.record(z.string(), z.unknown())),
    documents: z.array(z.record(z.string(), z.unknown())),
    links: z.array(z.record(z.string(), z.unknown())),
    /** The calendars, without their secret feed addresses. */
    calendars: z.array(z.record(z.string(), z.unknown())),
    follows: z.object({ following: z.array(z.record(z.string(), z.unknown())), followers: z.array(z.record(z.string(), z.unknown())) }),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof AccountExportSchema>;
