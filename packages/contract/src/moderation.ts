import { z } from 'zod';
import { PlanNameSchema } from './account.js';
import { ADMIN, ENGINE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema, OkSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { EventHiddenSchema, EventStatusSchema } from './events.js';

// Moderation: people report events, flyers and people; administrators work the queue in the admin
// console (people, events and live sessions as operators see them), and every action they take
// carries a reason, kept in an audit log with the state before and after that the console cannot edit.

export const REPORT_REASONS = ['spam', 'scam', 'hate', 'violence', 'sexual', 'misinformation', 'other'] as const;
/** How each reason reads on screen. */
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  hate: 'Hate or harassment',
  violence: 'Violence',
  sexual: 'Sexual content',
  misinformation: 'Wrong information',
  other: 'Something else',
};
export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 500;
export const AUDIT_PAGE_SIZE = 50;

export const ReportReasonSchema = z.enum(REPORT_REASONS, { message: `reason is one of ${REPORT_REASONS.join(', ')}.` }).meta({ id: 'ReportReason' });
export type ReportReason = z.infer<typeof ReportReasonSchema>;
/** `chat` is a message of a buzz's chat (modules/chats). */
export const ReportTargetTypeSchema = z.enum(['event', 'flyer', 'user', 'chat'], { message: 'targetType is event, flyer, user or chat.' }).meta({ id: 'ReportTargetType' });
export type ReportTargetType = z.infer<typeof ReportTargetTypeSchema>;

export const ReportCreateSchema = z
  .object({
    targetType: ReportTargetTypeSchema,
    targetId: IdSchema,
    reason: ReportReasonSchema,
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX, { message: `The note must be at most ${REPORT_NOTE_MAX} characters.` })
      .nullish()
      .transform((v) => v || null),
  })
  .meta({ id: 'ReportCreate' });
export type ReportCreate = z.input<typeof ReportCreateSchema>;

export const ReportReceiptSchema = z.object({ id: z.uuid(), targetType: ReportTargetTypeSchema, targetId: z.uuid(), reason: ReportReasonSchema, created: z.string() }).meta({ id: 'ReportReceipt' });
export type ReportReceipt = z.infer<typeof ReportReceiptSchema>;

/** The open reports about one target, as the queue shows them. */
export const ReportGroupSchema = z
  .object({
    targetType: ReportTargetTypeSchema,
    targetId: z.uuid(),
    /** The event's or flyer's name, the person's name, or a chat message's author and text; null when the target is gone. */
    targetName: z.string().nullable(),
    /** The event a flyer or chat message belongs to, or the event itself. */
    eventId: z.uuid().nullable(),
    reporters: z.number().int(),
    reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
    notes: z.array(z.string()),
    firstReported: z.string(),
    lastReported: z.string(),
  })
  .meta({ id: 'ReportGroup' });
export type ReportGroup = z.infer<typeof ReportGroupSchema>;
export const ReportQueueSchema = z.object({ groups: z.array(ReportGroupSchema), openReports: z.number().int() }).meta({ id: 'ReportQueue' });
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

/** Every admin action says why. */
export const moderationReason = z
  .string({ message: 'Give a reason: it goes in the audit log.' })
  .trim()
  .min(3, { message: 'Give a reason of at least 3 characters: it goes in the audit log.' })
  .max(MODERATION_REASON_MAX, { message: `The reason must be at most ${MODERATION_REASON_MAX} characters.` });
export const ModerationReasonSchema = z.object({ reason: moderationReason }).meta({ id: 'ModerationReason' });
export type ModerationReason = z.input<typeof ModerationReasonSchema>;

export const ReportTargetParamsSchema = z.object({ targetType: ReportTargetTypeSchema, targetId: IdSchema });

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    actorId: z.uuid().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    reason: z.string(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    created: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  action: z.string().trim().max(60).optional(),
  targetId: IdSchema.optional(),
  pageNumber: z.coerce.number({ message: 'pageNumber must be a number.' }).int().min(1).max(1000).default(1),
});
export const AuditLogSchema = z.object({ entries: z.array(AuditEntrySchema), totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int() }).meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof AuditLogSchema>;

/** Days the overview's series cover, today included. */
export const OVERVIEW_DAYS = 30;
export const AdminOverviewSchema = z
  .object({
    people: z.number().int(),
    events: z.number().int(),
    /** Events whose buzz is running now. */
    liveSessions: z.number().int(),
    /** Realtime hub connections of this site now, over every instance. */
    hubConnections: z.number().int(),
    openReports: z.number().int(),
    /** One entry per UTC day, oldest first, OVERVIEW_DAYS of them. */
    days: z.array(z.object({ day: z.string(), signUps: z.number().int(), eventsCreated: z.number().int() })),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

// The admin console's views of people, events and live sessions.

export const ADMIN_PEOPLE_PAGE_SIZE = 25;
/** How many of a person's sessions and events their admin page lists (newest first). */
export const ADMIN_PERSON_LIST_MAX = 50;

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
  eventList: z.array(z.object({ id: z.uuid(), name: z.string(), startDate: z.string(), endDate: z.string().nullable(), status: EventStatusSchema, hidden: EventHiddenSchema.nullable() })),
  /** Open reports about the person themselves, by reason. */
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
}).meta({ id: 'AdminPerson' });
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

export const AdminRoleChangeSchema = z.object({ admin: z.boolean({ message: 'admin is true (grant) or false (remove).' }), reason: moderationReason }).meta({ id: 'AdminRoleChange' });
export type AdminRoleChange = z.input<typeof AdminRoleChangeSchema>;

export const AdminPlanChangeSchema = z
  .object({ plan: PlanNameSchema, addOns: z.array(z.string().trim().min(1).max(100)).max(20).default([]), reason: moderationReason })
  .meta({ id: 'AdminPlanChange' });
export type AdminPlanChange = z.input<typeof AdminPlanChangeSchema>;

export const LiveSessionSchema = z
  .object({ eventId: z.uuid(), name: z.string(), startDate: z.string(), host: z.object({ id: z.uuid(), name: z.string() }), watchers: z.number().int() })
  .meta({ id: 'LiveSession' });
export type LiveSession = z.infer<typeof LiveSessionSchema>;
export const LiveNowSchema = z.object({ sessions: z.array(LiveSessionSchema) }).meta({ id: 'LiveNow' });
export type LiveNow = z.infer<typeof LiveNowSchema>;

/** What every action on an event takes and answers: its reason in, the event as it is after out. */
const eventAction = { auth: 'bearer', params: IdParamsSchema, body: ModerationReasonSchema, answer: AdminEventSchema, problems: [400, 404, 409] } as const;
/** Every action on a person answers the person as they are after it. */
const personAction = { auth: 'bearer', params: IdParamsSchema, answer: AdminPersonSchema, problems: [400, 404, 409] } as const;

/** Reports come from everyone; every admin call checks the Admin role in the database and says why in the audit log. */
export const moderationApi = defineEndpoints('moderation', {
  report: endpoint('POST', `${ENGINE}/report/`, {
    summary: 'Report an event, a flyer or a person (one open report per target; 409 conflict for a second)',
    auth: 'bearer',
    body: ReportCreateSchema,
    answer: ReportReceiptSchema,
    problems: [400, 404, 409],
  }),
  reports: endpoint('GET', `${ADMIN}/reports/`, { summary: 'Open reports grouped by target, most reported first (Admin role)', auth: 'bearer', answer: ReportQueueSchema, problems: [400, 404] }),
  reportDismiss: endpoint('POST', `${ADMIN}/reports/:targetType/:targetId/dismiss`, {
    summary: "Dismiss a target's open reports, with a reason for the audit log (Admin role)",
    auth: 'bearer',
    params: ReportTargetParamsSchema,
    body: ModerationReasonSchema,
    answer: OkSchema,
    problems: [400, 404],
  }),
  audit: endpoint('GET', `${ADMIN}/audit/`, {
    summary: 'The audit log, newest first, filterable by action and target (Admin role)',
    auth: 'bearer',
    query: AuditQuerySchema,
    answer: AuditLogSchema,
    problems: [400, 404],
  }),
  overview: endpoint('GET', `${ADMIN}/overview/`, {
    summary: 'Counts now, and sign-ups and events created per day for 30 days (Admin role)',
    auth: 'bearer',
    answer: AdminOverviewSchema,
    problems: [400, 404],
  }),

  event: endpoint('GET', `${ADMIN}/events/:id`, {
    summary: 'An event in context, whatever its state: host, flyers, open reports (Admin role)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: AdminEventSchema,
    problems: [400, 404],
  }),
  eventHide: endpoint('POST', `${ADMIN}/events/:id/hide`, {
    summary: 'Hides the event from everyone but its owner (search, map, buzz, its page); a live session stops (Admin role)',
    ...eventAction,
  }),
  eventUnhide: endpoint('POST', `${ADMIN}/events/:id/unhide`, { summary: 'Shows a hidden event again (Admin role)', ...eventAction }),
  eventCancel: endpoint('POST', `${ADMIN}/events/:id/cancel`, { summary: 'Cancels the event; a live session stops (Admin role)', ...eventAction }),
  eventStop: endpoint('POST', `${ADMIN}/events/:id/stop`, {
    summary: "Stops the event's live session: every watcher gets EventStopped and the flyers on screen stop (Admin role)",
    ...eventAction,
  }),

  people: endpoint('GET', `${ADMIN}/people/`, {
    summary: 'People by email or name, newest first (Admin role)',
    auth: 'bearer',
    query: AdminPeopleQuerySchema,
    answer: AdminPeoplePageSchema,
    problems: [400, 404],
  }),
  person: endpoint('GET', `${ADMIN}/people/:id`, {
    summary: 'A person: plan, roles, sign-in methods, sessions, events, reports (Admin role)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: AdminPersonSchema,
    problems: [400, 404],
  }),
  personSuspend: endpoint('POST', `${ADMIN}/people/:id/suspend`, {
    summary: 'Suspends the person: no sign-in or refresh, sessions revoked, hub connections closed, events hidden (Admin role)',
    ...personAction,
    body: ModerationReasonSchema,
  }),
  personLift: endpoint('POST', `${ADMIN}/people/:id/lift`, { summary: 'Lifts a suspension; the events hidden with it come back (Admin role)', ...personAction, body: ModerationReasonSchema }),
  personRole: endpoint('POST', `${ADMIN}/people/:id/role`, {
    summary: 'Grants or removes the Admin role; nobody removes their own (409 last_admin) (Admin role)',
    ...personAction,
    body: AdminRoleChangeSchema,
  }),
  personPlan: endpoint('POST', `${ADMIN}/people/:id/plan`, { summary: 'Sets a plan and add-ons by hand, with or without billing (Admin role)', ...personAction, body: AdminPlanChangeSchema }),
  personDelete: endpoint('POST', `${ADMIN}/people/:id/delete`, {
    summary: 'Deletes the account with everything it owns, files included (Admin role)',
    ...personAction,
    body: ModerationReasonSchema,
    answer: OkSchema,
  }),

  live: endpoint('GET', `${ADMIN}/live/`, { summary: 'Events whose live session runs now, with their watchers (Admin role)', auth: 'bearer', answer: LiveNowSchema, problems: [400, 404] }),
});
