import { notificationsApi, pathOf, type NotificationSettings, type PushKey, type PushSubscriptionInput, type Reminder, type UnsubscribeResult } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { codeInvalid, conflict, invalid } from '../../lib/app-error.js';
import { allowedPushEndpoint } from './push.js';
import { calendarAlerts, stopCalendarAlert } from '../calendars/service.js';
import { findUserById } from '../users/service.js';
import type { Unsubscribe } from './emails.js';
import * as repo from './repository.js';

export async function getSettings(opts: { ctx: AppContext; auth: AuthInfo }): Promise<NotificationSettings> {
  const { ctx, auth } = opts;
  const [reminder, calendars, devices] = await Promise.all([repo.reminderOf(ctx.db, auth.userId), calendarAlerts(ctx, auth), repo.pushSubscriptionsOf(ctx.db, auth.userId)]);
  return { reminder: reminder as Reminder, calendars, pushDevices: devices.length };
}

export async function updateSettings(opts: { ctx: AppContext; auth: AuthInfo; reminder: Reminder }): Promise<NotificationSettings> {
  await repo.setReminder(opts.ctx.db, { tenantId: opts.auth.tenant.id, userId: opts.auth.userId, reminder: opts.reminder, at: opts.ctx.now() });
  return getSettings(opts);
}

export function pushKey(ctx: AppContext): PushKey {
  return { publicKey: ctx.vapid.publicKey };
}

/**
 * This browser gets the person's messages as web push too. An endpoint is bound to whoever
 * registered it (issue 22): another person, in this tenant or another, takes it over only by
 * sending the same keys, as the same browser does when someone else signs in on it; otherwise 409.
 */
export async function subscribePush(opts: { ctx: AppContext; auth: AuthInfo; input: PushSubscriptionInput }): Promise<NotificationSettings> {
  const { ctx, auth, input } = opts;
  if (!allowedPushEndpoint(ctx, input.endpoint)) throw invalid('This push service is not one this server sends to.', { endpoint: ['Not a known push service.'] });
  const saved = await repo.savePushSubscription(ctx.db, { tenantId: auth.tenant.id, userId: auth.userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
  if (!saved) throw conflict('This push subscription belongs to another account. Turn push off and on again in this browser to get a subscription of your own.');
  return getSettings(opts);
}

export async function unsubscribePush(opts: { ctx: AppContext; auth: AuthInfo; endpoint: string }): Promise<NotificationSettings> {
  await repo.deletePushSubscription(opts.ctx.db, { endpoint: opts.endpoint, userId: opts.auth.userId });
  return getSettings(opts);
}

/** What an unsubscribe link turns off: the reminders, or one calendar's alerts. */
type Scope = 'reminders' | `calendar:${string}`;

export function unsubscribeLinks(ctx: AppContext, args: { tenantKey: string; userId: string; scope: Scope }): Unsubscribe {
  const token = ctx.signedLinks.sign({ t: args.tenantKey, u: args.userId, s: args.scope });
  return { pageUrl: `${ctx.config.publicUrl}/unsubscribe?token=${token}`, oneClickUrl: `${ctx.config.publicUrl}${pathOf(notificationsApi.unsubscribe, { token })}` };
}

/** Turns off what the signed link names, without a sign-in; doing it twice is fine. */
export async function unsubscribe(opts: { ctx: AppContext; token: string }): Promise<UnsubscribeResult> {
  const { ctx } = opts;
  const payload = ctx.signedLinks.verify(opts.token);
  const tenantId = payload && ctx.tenants.get(payload.t);
  const invalid = codeInvalid('This unsubscribe link is not valid. Change your email settings in Hubbub instead.');
  if (!payload || !tenantId || !payload.u || !payload.s) throw invalid;
  if (!(await findUserById(ctx.db, tenantId, payload.u))) return { ok: true, message: 'Done: this account no longer exists, so it gets no emails.' };
  if (payload.s === 'reminders') {
    await repo.setReminder(ctx.db, { tenantId, userId: payload.u, reminder: 'off', at: ctx.now() });
    return { ok: true, message: 'Done: you will get no more event reminders. You can turn them on again in Settings.' };
  }
  const calendarId = /^calendar:([0-9a-f-]{36})$/.exec(payload.s)?.[1];
  if (!calendarId) throw invalid;
  const name = await stopCalendarAlert(ctx, { tenantId, userId: payload.u, id: calendarId });
  return {
    ok: true,
    message: name ? `Done: no more emails about new events in “${name}”.` : 'Done: that calendar no longer exists, so it sends no more emails.',
  };
}
