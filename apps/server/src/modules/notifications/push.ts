import webpush from 'web-push';
import type { AppContext } from '../../app-context.js';
import * as repo from './repository.js';

export interface PushMessage {
  title: string;
  body: string;
  /** The page a click opens. */
  url: string;
  /** Replaces an earlier notification with the same tag instead of stacking. */
  tag: string;
}

/**
 * Sends a message to every browser of the person as a web push (RFC 8030, encrypted per RFC 8291,
 * signed with VAPID). A push service answering 404 or 410 forgot the subscription: it is removed.
 * Other failures are logged: the email went out already, and sending the job again would repeat it.
 */
export async function pushTo(ctx: AppContext, userId: string, message: PushMessage, log: { warn(o: object, m: string): void }): Promise<number> {
  const subscriptions = await repo.pushSubscriptionsOf(ctx.db, userId);
  let delivered = 0;
  for (const sub of subscriptions) {
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
        vapidDetails: { subject: ctx.config.VAPID_SUBJECT, publicKey: ctx.vapid.publicKey, privateKey: ctx.vapid.privateKey },
        TTL: 24 * 3600,
        timeout: 10_000,
      });
      delivered++;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await repo.deletePushSubscription(ctx.db, { endpoint: sub.endpoint });
      else log.warn({ err: error instanceof Error ? error.message : String(error), status }, 'web push failed');
    }
  }
  return delivered;
}

/** A push service the server will post to: one of PUSH_SERVICE_HOSTS (or a subdomain), over https. */
export function allowedPushEndpoint(ctx: AppContext, endpoint: string): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && ctx.config.PUSH_SERVICE_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
