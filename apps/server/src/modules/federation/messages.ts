import { Create, Mention, Note, type Context } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { shareableEventUrl } from '@hubbub/contract';
import { safeError } from '../../lib/safe-error.js';
import { goingMessage } from '../going/service.js';
import { escapeHtml, textHtml } from './event-object.js';
import { federatedEvent } from './federation.js';
import type { FederationData } from './federation-data.js';
import { personOf } from './person-actors.js';
import * as repo from './repository.js';

// A host's message to everyone going (modules/going) reaches the people who said Going from other
// servers: they have no email here, so their server is sent it, as a direct message (a Note to them
// alone, mentioning them) from the host's actor, or the site's before the host has a handle.

/** The round's part: each message owed to someone from another server is sent once. */
export async function messageWork(ctx: Context<FederationData>): Promise<void> {
  const { app, tenant, log } = ctx.data;
  for (const owed of await repo.owedMessages(app.db, { tenantId: tenant.id, now: app.now(), limit: 100 })) {
    const key = { tenantId: tenant.id, messageId: owed.messageId, userId: owed.userId };
    if (!(await repo.takeMessage(app.db, key))) continue;
    try {
      await sendMessage(ctx, owed);
    } catch (error) {
      // Given back: the next round tries again; the others go on.
      await repo.takeMessage(app.db, { ...key, undo: true });
      log.warn({ err: safeError(error as Error), message: owed.messageId }, 'federation: a host\'s message could not be queued');
    }
  }
}

async function sendMessage(ctx: Context<FederationData>, owed: repo.OwedMessage): Promise<void> {
  const { app, tenant } = ctx.data;
  const [message, event] = await Promise.all([goingMessage({ ctx: app, id: owed.messageId }), federatedEvent(ctx.data, owed.eventId)]);
  // The event was deleted, or is no longer public: nothing of it goes to other servers now.
  if (!message || !event) return;
  const identifier = (await personOf(ctx.data, owed.authorId)) ? owed.authorId : tenant.key;
  const from = ctx.getActorUri(identifier);
  const to = new URL(owed.actor);
  const pageUrl = shareableEventUrl({ publicUrl: app.config.publicUrl, tenantKey: tenant.key, event, now: app.now() });
  const mention = `<span class="h-card"><a href="${escapeHtml(to.href)}" class="u-url mention">${escapeHtml(owed.handle.startsWith('@') ? owed.handle : to.href)}</a></span>`;
  const id = new URL(`#messages/${owed.messageId}/${owed.userId}`, from);
  const note = new Note({
    id,
    attribution: from,
    to,
    content: `<p>${mention}</p>${textHtml(message.body)}<p>${escapeHtml(message.authorName)}, about ${escapeHtml(event.name)}: <a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>`,
    mediaType: 'text/html',
    tags: [new Mention({ href: to, name: owed.handle })],
    url: new URL(pageUrl),
    published: Temporal.Instant.from(app.now().toISOString()),
  });
  await ctx.sendActivity({ identifier }, { id: to, inboxId: new URL(owed.inbox) }, new Create({ id: new URL(`#messages/${owed.messageId}/${owed.userId}/create`, from), actor: from, to, object: note }));
}
