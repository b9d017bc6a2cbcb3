import { z } from 'zod';
import { IdSchema } from './common.js';

// Moderation: people report events, flyers and people; administrators work the queue, and every
// action they take is kept in an audit log that the console cannot edit.

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
export const ReportTargetTypeSchema = z.enum(['event', 'flyer', 'user'], { message: 'targetType is event, flyer or user.' }).meta({ id: 'ReportTargetType' });
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
    /** The event's or flyer's name, or the person's name; null when the target is gone. */
    targetName: z.string().nullable(),
    /** The event a flyer belongs to, or the event itself. */
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
