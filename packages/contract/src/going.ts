import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { EmailSchema } from './auth.js';
import { IdParamsSchema, IdSchema } from './common.js';
import { EventVisibilitySchema } from './events.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Going (issue 28): a person says Going to an event, with guests if the host allows; a host may set
// a capacity, and a full event puts people on a waitlist that promotes itself. The spec's Attendee
// link is what a confirmed seat shows as everywhere else (counts, reminders, the home page).

/** Seats an event may offer: enough for a stadium, few enough to count. */
export const GOING_CAPACITY_MAX = 100_000;
/** Guests a host may let each person bring. */
export const GOING_GUESTS_MAX = 10;
/** How long a promoted person has to confirm the seat offered to them, in hours (at most a week). */
export const GOING_OFFER_HOURS_MAX = 168;
export const GOING_OFFER_HOURS_DEFAULT = 24;
/** A host's message to everyone going: its length, and how many an event may send a day. */
export const GOING_MESSAGE_MAX = 2000;
export const GOING_MESSAGES_PER_DAY = 3;

export { INVITATION_PAGE } from './secret-pages.js';

/** Rows of the host's attendee list per page. */
export const GOING_PEOPLE_PAGE = 100;

/** Questions a host may ask of everyone saying Going. */
export const GOING_QUESTIONS_MAX = 10;
export const GOING_QUESTION_LABEL_MAX = 200;
export const GOING_CHOICES_MAX = 10;
export const GOING_CHOICE_MAX = 100;
/** An answer to a text question, and the host's message with a decline. */
export const GOING_ANSWER_MAX = 500;

/**
 * Where a person stands: `going` holds a seat; `waitlisted` waits in line; `offered` was promoted
 * from the line and holds a seat until they confirm it or the offer lapses; `pending` waits for
 * the host's approval (holding no seat); `declined` was turned down by the host.
 */
export const GoingStates = ['going', 'waitlisted', 'offered', 'pending', 'declined'] as const;
export const GoingStateSchema = z.enum(GoingStates);
export type GoingState = z.infer<typeof GoingStateSchema>;

export const GoingQuestionKinds = ['text', 'choice', 'yesno'] as const;
export const GoingQuestionSchema = z
  .object({
    id: z.uuid({ message: 'A question needs an id (a UUID).' }),
    kind: z.enum(GoingQuestionKinds, { message: 'A question is text, choice or yesno.' }),
    label: z
      .string()
      .trim()
      .min(1, { message: 'A question needs its words.' })
      .max(GOING_QUESTION_LABEL_MAX, { message: `A question can be at most ${GOING_QUESTION_LABEL_MAX} characters.` }),
    required: z.boolean().default(false),
    /** The choices of a `choice` question (2 to 10); empty for the others. */
    choices: z
      .array(z.string().trim().min(1, { message: 'A choice cannot be empty.' }).max(GOING_CHOICE_MAX, { message: `A choice can be at most ${GOING_CHOICE_MAX} characters.` }))
      .max(GOING_CHOICES_MAX, { message: `At most ${GOING_CHOICES_MAX} choices.` })
      .default([]),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && q.choices.length < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'A choice question needs at least 2 choices.' });
    if (q.kind !== 'choice' && q.choices.length) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Only a choice question has choices.' });
    if (new Set(q.choices.map((c) => c.toLowerCase())).size !== q.choices.length) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Each choice must be different.' });
  })
  .meta({ id: 'GoingQuestion' });
export type GoingQuestion = z.infer<typeof GoingQuestionSchema>;

/** Answers by question id: text or a choice (a string), yes or no (a boolean). */
export const GoingAnswersSchema = z.record(
  z.uuid({ message: 'Answers are keyed by question id.' }),
  z.union([z.string().trim().max(GOING_ANSWER_MAX, { message: `An answer can be at most ${GOING_ANSWER_MAX} characters.` }), z.boolean()]),
);
export type GoingAnswers = z.infer<typeof GoingAnswersSchema>;

export const GoingSettingsSchema = z
  .object({
    capacity: z
      .number({ message: 'Capacity must be a whole number of seats.' })
      .int({ message: 'Capacity must be a whole number of seats.' })
      .min(1, { message: 'Capacity must be at least 1 seat.' })
      .max(GOING_CAPACITY_MAX, { message: `Capacity can be at most ${GOING_CAPACITY_MAX.toLocaleString('en-US')} seats.` })
      .nullable(),
    maxGuests: z
      .number()
      .int({ message: 'Guests must be a whole number.' })
      .min(0, { message: 'Guests cannot be negative.' })
      .max(GOING_GUESTS_MAX, { message: `At most ${GOING_GUESTS_MAX} guests per person.` }),
    offerHours: z
      .number()
      .int({ message: 'The time to confirm must be whole hours.' })
      .min(1, { message: 'Give people at least an hour to confirm.' })
      .max(GOING_OFFER_HOURS_MAX, { message: `The time to confirm can be at most ${GOING_OFFER_HOURS_MAX} hours (a week).` }),
    /** Requests wait for the host's approval before they take a seat or a place in line. */
    approval: z.boolean().default(false),
    questions: z
      .array(GoingQuestionSchema)
      .max(GOING_QUESTIONS_MAX, { message: `At most ${GOING_QUESTIONS_MAX} questions.` })
      .default([])
      .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, { message: 'Each question needs its own id.' }),
  })
  .meta({ id: 'GoingSettings' });
export type GoingSettings = z.infer<typeof GoingSettingsSchema>;

export const GoingRequestSchema = z
  .object({
    guests: z
      .number()
      .int({ message: 'Guests must be a whole number.' })
      .min(0, { message: 'Guests cannot be negative.' })
      .max(GOING_GUESTS_MAX, { message: `At most ${GOING_GUESTS_MAX} guests.` })
      .default(0),
    answers: GoingAnswersSchema.default({}),
  })
  .meta({ id: 'GoingRequest' });
export type GoingRequest = z.infer<typeof GoingRequestSchema>;

/** Where one person stands at an event: what they see of themselves, and a row of the host's list. */
const standing = {
  state: GoingStateSchema,
  guests: z.number().int(),
  /** Place in line (1 is next), when waitlisted. */
  place: z.number().int().nullable(),
  /** When an offered seat passes to the next in line unless confirmed (ISO 8601). */
  offerUntil: z.string().nullable(),
  answers: GoingAnswersSchema,
  /** The host's words with a decline, if any. */
  declineMessage: z.string().nullable(),
};

export const MyGoingSchema = z.object(standing).meta({ id: 'MyGoing' });
export type MyGoing = z.infer<typeof MyGoingSchema>;

export const GoingSummarySchema = z
  .object({
    eventId: z.uuid(),
    /** People holding a seat (going or offered), without their guests. */
    going: z.number().int(),
    /** Seats taken: people holding a seat and their guests. */
    seatsTaken: z.number().int(),
    waitlisted: z.number().int(),
    /** Requests waiting for the host's approval. */
    pending: z.number().int(),
    settings: GoingSettingsSchema,
    /** The viewer's own standing; null when signed out or not going. */
    mine: MyGoingSchema.nullable(),
  })
  .meta({ id: 'GoingSummary' });
export type GoingSummary = z.infer<typeof GoingSummarySchema>;

export const GoingPersonSchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    /** Their email; for someone who said Going from another server (`remote`), their handle there (`@ana@social.example`). */
    email: z.string(),
    /** Said Going from the fediverse (an ActivityPub Join, FEDERATION.md): reached through their own server, never by mail. */
    remote: z.boolean(),
    ...standing,
    since: z.string(),
    /** Seats of theirs (them and their guests) checked in at the door (issue 30). */
    checkedIn: z.number().int(),
  })
  .meta({ id: 'GoingPerson' });
export type GoingPerson = z.infer<typeof GoingPersonSchema>;

export const GoingPeopleQuerySchema = z
  .object({
    q: z.string().trim().max(100, { message: 'Search at most 100 characters.' }).optional(),
    state: GoingStateSchema.optional(),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  });

export const GoingPeopleSchema = z
  .object({ totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int(), people: z.array(GoingPersonSchema) })
  .meta({ id: 'GoingPeople' });
export type GoingPeople = z.infer<typeof GoingPeopleSchema>;

export const GoingDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { message: 'The decision is approve or decline.' }),
    /** Said to the person with a decline. */
    message: z.string().trim().max(GOING_ANSWER_MAX, { message: `A message can be at most ${GOING_ANSWER_MAX} characters.` }).optional(),
  })
  .meta({ id: 'GoingDecision' });
export type GoingDecision = z.infer<typeof GoingDecisionSchema>;

export const GoingMessageAudiences = ['everyone', 'not-checked-in'] as const;
export const GoingMessageAudienceSchema = z.enum(GoingMessageAudiences, { message: 'The audience is everyone or not-checked-in.' });
export type GoingMessageAudience = z.infer<typeof GoingMessageAudienceSchema>;

export const GoingMessageSchema = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, { message: 'Write a message.' })
      .max(GOING_MESSAGE_MAX, { message: `A message can be at most ${GOING_MESSAGE_MAX.toLocaleString('en-US')} characters.` }),
    /** Who it goes to: everyone with a seat, or (at the door, issue 30) those with a seat not checked in yet. */
    audience: GoingMessageAudienceSchema.default('everyone'),
  })
  .meta({ id: 'GoingMessage' });
export const GoingMessageSentSchema = z
  .object({
    /** How many people it goes to (by email and web push, or on their own fediverse server). */
    recipients: z.number().int(),
    /** How many of them came from other servers (a Join from the fediverse): their server is sent it (an ActivityPub message), as they have no email here. */
    fediverse: z.number().int(),
    /** Messages this event may still send today. */
    leftToday: z.number().int(),
  })
  .meta({ id: 'GoingMessageSent' });
export type GoingMessageSent = z.infer<typeof GoingMessageSentSchema>;

/** People a host may invite by email in one go, and in all for one event. */
export const GOING_INVITES_PER_CALL = 50;
export const GOING_INVITATIONS_MAX = 1000;

/** Someone invited: by email (not yet opened: no name), or who opened the invitation link. */
export const GoingInvitationSchema = z
  .object({
    id: z.uuid(),
    /** The address invited; null for someone who came by the invitation link. */
    email: z.string().nullable(),
    /** The person's name once they opened the invitation (or have an account with that address). */
    name: z.string().nullable(),
    created: z.string(),
  })
  .meta({ id: 'GoingInvitation' });
export type GoingInvitation = z.infer<typeof GoingInvitationSchema>;

/** Who may see the event, its invitation link and the people invited, as its host manages them. */
export const GoingInvitationsSchema = z
  .object({
    eventId: z.uuid(),
    visibility: EventVisibilitySchema,
    /** The secret of the invitation link (/event/{id}/invitation/{token}); null until the event is first made invite-only. */
    linkToken: z.string().nullable(),
    invitations: z.array(GoingInvitationSchema),
  })
  .meta({ id: 'GoingInvitations' });
export type GoingInvitations = z.infer<typeof GoingInvitationsSchema>;

export const GoingVisibilityRequestSchema = z
  .object({
    visibility: EventVisibilitySchema,
    /** A new invitation link: the old one stops letting people in (those already in stay). */
    newLink: z.boolean().default(false),
  })
  .meta({ id: 'GoingVisibilityRequest' });
export type GoingVisibilityRequest = z.infer<typeof GoingVisibilityRequestSchema>;

export const GoingInviteRequestSchema = z
  .object({
    emails: z
      .array(EmailSchema)
      .min(1, { message: 'Enter at least one email address.' })
      .max(GOING_INVITES_PER_CALL, { message: `Invite at most ${GOING_INVITES_PER_CALL} addresses at a time.` }),
  })
  .meta({ id: 'GoingInviteRequest' });
export type GoingInviteRequest = z.infer<typeof GoingInviteRequestSchema>;

/** An invitation's secret, from the link a person opened (the event's link or their own, from an email). */
export const GoingAcceptSchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'This invitation link is not complete: open it again from where you got it.' }) })
  .meta({ id: 'GoingAccept' });

export const GoingInvitationParamsSchema = z.object({ id: IdSchema, invitationId: IdSchema });

export const GoingPersonParamsSchema = z.object({ id: IdSchema, userId: IdSchema });

export const goingApi = defineEndpoints('going', {
  get: endpoint('GET', `${ENGINE}/going/:id`, {
    summary: "How many are going, the capacity and waitlist, and the viewer's own standing",
    auth: 'optional',
    params: IdParamsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  say: endpoint('PUT', `${ENGINE}/going/:id`, {
    summary: 'Say Going (or change your guests): a seat when one is free, otherwise a place on the waitlist',
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingRequestSchema,
    answer: GoingSummarySchema,
    problems: [400, 404, 409],
  }),
  leave: endpoint('DELETE', `${ENGINE}/going/:id`, {
    summary: 'Not going any more (gives back a seat, an offered seat or a place in line); the next in line is promoted',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  confirm: endpoint('POST', `${ENGINE}/going/:id/confirm`, {
    summary: 'Confirm the seat offered to you from the waitlist',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404, 409],
  }),
  settings: endpoint('PUT', `${ENGINE}/going/:id/settings`, {
    summary: "The host sets the capacity, guests per person and the time to confirm an offered seat; raising the capacity promotes from the waitlist",
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingSettingsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  people: endpoint('GET', `${ENGINE}/going/:id/people`, {
    summary: 'The host\'s attendee list: everyone going, offered a seat or waitlisted, with guests and place in line',
    auth: 'bearer',
    params: IdParamsSchema,
    query: GoingPeopleQuerySchema,
    answer: GoingPeopleSchema,
    problems: [400, 404],
  }),
  decide: endpoint('PUT', `${ENGINE}/going/:id/people/:userId`, {
    summary: 'The host approves a request (a seat, or the end of the line when full) or declines it, with a message',
    auth: 'bearer',
    params: GoingPersonParamsSchema,
    body: GoingDecisionSchema,
    answer: GoingSummarySchema,
    problems: [400, 404, 409],
  }),
  message: endpoint('POST', `${ENGINE}/going/:id/message`, {
    summary: `The host writes to everyone going (email and web push), at most ${GOING_MESSAGES_PER_DAY} messages an event a day`,
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingMessageSchema,
    answer: GoingMessageSentSchema,
    problems: [400, 404, 429],
  }),
  invitations: endpoint('GET', `${ENGINE}/going/:id/invitations`, {
    summary: 'Who may see the event, its invitation link and the people invited (the host)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: GoingInvitationsSchema,
    problems: [400, 404],
  }),
  visibility: endpoint('PUT', `${ENGINE}/going/:id/visibility`, {
    summary: 'The host makes the event public, unlisted (only its link) or invite-only, or makes a new invitation link',
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingVisibilityRequestSchema,
    answer: GoingInvitationsSchema,
    problems: [400, 404],
  }),
  invite: endpoint('POST', `${ENGINE}/going/:id/invitations`, {
    summary: 'The host invites people by email: each is mailed their own link, and may see an invite-only event',
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingInviteRequestSchema,
    answer: GoingInvitationsSchema,
    problems: [400, 404, 409],
  }),
  uninvite: endpoint('DELETE', `${ENGINE}/going/:id/invitations/:invitationId`, {
    summary: 'The host takes an invitation back (an invite-only event is then out of that person\'s sight)',
    auth: 'bearer',
    params: GoingInvitationParamsSchema,
    answer: GoingInvitationsSchema,
    problems: [400, 404],
  }),
  accept: endpoint('POST', `${ENGINE}/going/:id/accept`, {
    summary: 'Opens an invitation link: the signed-in person may see the event from now on',
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingAcceptSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  export: endpoint('GET', `${ENGINE}/going/:id/people.csv`, {
    summary: "The host's attendee list as CSV",
    auth: 'bearer',
    params: IdParamsSchema,
    produces: 'text/csv',
    problems: [400, 404],
  }),
});
