import { z } from 'zod';
import { ACCOUNT } from './api-prefixes.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Alerts and reminders: a calendar can mail its owner the events new in it (a daily or weekly
// digest); people can be reminded before the events they follow or attend start, and told when
// one is canceled. Every message has a one-click unsubscribe that needs no sign-in.

export const CALENDAR_ALERTS = ['off', 'daily', 'weekly'] as const;
export const CalendarAlertSchema = z.enum(CALENDAR_ALERTS, { message: 'alert is off, daily or weekly.' }).meta({ id: 'CalendarAlert' });
export type CalendarAlert = z.infer<typeof CalendarAlertSchema>;
export const CALENDAR_ALERT_LABELS: Record<CalendarAlert, string> = { off: 'No emails', daily: 'Daily email of new events', weekly: 'Weekly email of new events' };

export const REMINDERS = ['off', '1h', '1d'] as const;
export const ReminderSchema = z.enum(REMINDERS, { message: 'reminder is off, 1h or 1d.' }).meta({ id: 'Reminder' });
export type Reminder = z.infer<typeof ReminderSchema>;
export const REMINDER_LABELS: Record<Reminder, string> = { off: 'No reminders', '1h': 'An hour before', '1d': 'A day before' };

/** Most events one digest lists (the soonest first); the email says how many more there are. */
export const DIGEST_MAX_EVENTS = 50;

export const NotificationSettingsSchema = z
  .object({
    /** Before the events I follow or attend start, by email; a canceled one sends a notice instead. */
    reminder: ReminderSchema,
    /** Every calendar with its alert, so Settings can list them all. */
    calendars: z.array(z.object({ id: z.uuid(), name: z.string(), alert: CalendarAlertSchema })),
    /** Browsers that get the same messages as web push notifications. */
    pushDevices: z.number().int(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsUpdateSchema = z.object({ reminder: ReminderSchema }).meta({ id: 'NotificationSettingsUpdate' });
export type NotificationSettingsUpdate = z.input<typeof NotificationSettingsUpdateSchema>;

export const UnsubscribeParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{20,100}$/, { message: 'Not an unsubscribe link.' }),
});
export const UnsubscribeResultSchema = z.object({ ok: z.literal(true), message: z.string() }).meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

/** The server's web push (VAPID) public key, for PushManager.subscribe's applicationServerKey. */
export const PushKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof PushKeySchema>;

const base64url = (name: string, min: number, max: number) =>
  z.string({ message: `${name} is required.` }).regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), { message: `${name} must be base64url.` });

/** A browser's PushSubscription (its toJSON()). */
export const PushSubscriptionSchema = z
  .object({
    endpoint: z.url({ message: 'endpoint must be the push service URL.' }).max(2000),
    keys: z.object({ p256dh: base64url('keys.p256dh', 80, 100), auth: base64url('keys.auth', 16, 32) }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.input<typeof PushSubscriptionSchema>;
export const PushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) }).meta({ id: 'PushUnsubscribe' });

export const notificationsApi = defineEndpoints('notifications', {
  settings: endpoint('GET', `${ACCOUNT}/notifications/`, {
    summary: 'Your reminder choice and every calendar with its email alert',
    auth: 'bearer',
    answer: NotificationSettingsSchema,
    problems: [400, 404],
  }),
  updateSettings: endpoint('POST', `${ACCOUNT}/notifications/`, {
    summary: 'Reminders before the events you follow or attend (off, 1h, 1d), by email; a canceled one sends a notice',
    auth: 'bearer',
    body: NotificationSettingsUpdateSchema,
    answer: NotificationSettingsSchema,
    problems: [400, 404],
  }),
  pushKey: endpoint('GET', `${ACCOUNT}/push/key`, { summary: "The server's web push (VAPID) public key, for PushManager.subscribe", answer: PushKeySchema }),
  pushSubscribe: endpoint('POST', `${ACCOUNT}/push/subscriptions`, {
    summary:
      "This browser gets your alerts and reminders as web push too (its PushSubscription; a known push service's endpoint). An endpoint another account registered moves only with the same keys (the same browser); otherwise 409 conflict",
    auth: 'bearer',
    body: PushSubscriptionSchema,
    answer: NotificationSettingsSchema,
    problems: [400, 404, 409],
  }),
  pushUnsubscribe: endpoint('DELETE', `${ACCOUNT}/push/subscriptions`, {
    summary: 'This browser stops getting web push',
    auth: 'bearer',
    body: PushUnsubscribeSchema,
    answer: NotificationSettingsSchema,
    problems: [400, 404],
  }),
  /** Outside the API (mail clients' one-click unsubscribe sends no tenant header); the web page /unsubscribe posts here too. */
  unsubscribe: endpoint('POST', '/unsubscribe/:token', {
    secretPath: true,
    summary: 'Turns off what an email link names (reminders, or one calendar’s alerts); 400 code_invalid for a link this server did not sign',
    params: UnsubscribeParamsSchema,
    answer: UnsubscribeResultSchema,
    problems: [400],
  }),
});
