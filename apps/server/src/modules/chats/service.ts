import {
  CHAT_HISTORY_SIZE,
  type ChatErrorCode,
  type ChatMessage,
  type ChatSettings,
  type ChatSettingsUpdate,
  type ChatState,
  type ProblemCode,
  formatNumber,
} from '@hubbub/contract';
import type { AppContext, TenantRef } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { findSessionView } from '../events/service.js';
import { HubError } from '../hub/index.js';
import { chatDelivery } from './delivery.js';
import * as repo from './repository.js';

/** A refused chat call: the message leads with its stable code (`HubException: chat_muted: …`). */
export const refuse = (code: ChatErrorCode | ProblemCode, message: string) => new HubError(message, code);

export interface ChatCaller {
  ctx: AppContext;
  tenant: TenantRef;
  userId: string;
  eventId: string;
}

const DEFAULT_SETTINGS = { slowModeSeconds: 0, membersOnly: false };

/**
 * The event as the caller may see it, with its host, and whether the caller runs the chat (`isHost`:
 * its host or a co-host); refused when it is out of sight or its host blocked the caller.
 */
async function sessionOf(c: ChatCaller): Promise<{ hostId: string; isHost: boolean }> {
  const view = await findSessionView({ ctx: c.ctx, tenant: c.tenant, eventId: c.eventId, viewerId: c.userId });
  if (!view || (view.blocked && view.ownerId !== c.userId)) throw refuse('not_found', 'No event has this id.');
  return { hostId: view.ownerId, isHost: view.role === 'host' || view.role === 'co-host' };
}

async function requireHost(c: ChatCaller): Promise<{ hostId: string }> {
  const session = await sessionOf(c);
  if (!session.isHost) throw refuse('not_owner', 'Only the host of this event and its co-hosts can do this.');
  return session;
}

export async function settingsOf(ctx: AppContext, eventId: string): Promise<ChatSettings> {
  return { eventId, ...((await repo.findSettings(ctx.db, eventId)) ?? DEFAULT_SETTINGS) };
}

/** The last messages the viewer may see (not those of people they blocked or who blocked them), oldest first. */
export function lastMessages(opts: { ctx: AppContext; eventId: string; viewerId: string }): Promise<ChatMessage[]> {
  return repo.lastMessages(opts.ctx.db, { eventId: opts.eventId, viewerId: opts.viewerId, limit: CHAT_HISTORY_SIZE });
}

/** What a watcher sees on opening the chat. */
export async function chatState(c: ChatCaller): Promise<ChatState> {
  const { isHost } = await sessionOf(c);
  const [settings, messages, standing, muted] = await Promise.all([
    settingsOf(c.ctx, c.eventId),
    lastMessages({ ctx: c.ctx, eventId: c.eventId, viewerId: c.userId }),
    repo.standing(c.ctx.db, { eventId: c.eventId, userId: c.userId }),
    isHost ? repo.mutedUserIds(c.ctx.db, c.eventId) : Promise.resolve([]),
  ]);
  return { settings, messages, isHost, isMember: isHost || standing.member, muted: standing.muted, mutedUserIds: muted };
}

const seconds = (n: number) => (n === 1 ? '1 second' : `${formatNumber(n)} seconds`);

/**
 * A watcher's message, after the room's rules: the host may always write; others not when muted,
 * not when the chat is members only and they neither follow nor attend, at most one per slow-mode
 * interval, and within their own budget (chatAccount). It reaches every watcher but those the author
 * blocked or who blocked the author.
 */
export async function postMessage(c: ChatCaller & { text: string; /** When it was said: now, unless the demo's seed back-dates its chat. */ at?: Date }): Promise<ChatMessage> {
  const { ctx, tenant, userId, eventId } = c;
  const { isHost } = await sessionOf(c);
  const settings = await settingsOf(ctx, eventId);
  if (!isHost) {
    const standing = await repo.standing(ctx.db, { eventId, userId });
    if (standing.muted) throw refuse('chat_muted', 'The host muted you in this chat: you can still watch and read.');
    if (settings.membersOnly && !standing.member) throw refuse('chat_members_only', 'The host opened the chat to members only: follow or attend the event to write.');
  }
  try {
    await ctx.throttle.hit('chatAccount', `${tenant.id}:${userId}`);
  } catch (error) {
    if (error instanceof AppError) throw refuse('rate_limited', error.detail ?? error.title);
    throw error;
  }
  const slowModeSeconds = isHost ? 0 : settings.slowModeSeconds;
  const now = c.at ?? ctx.now();
  const stored = await repo.insertMessage(ctx.db, { tenantId: tenant.id, eventId, userId, text: c.text, now, slowModeSeconds, keep: CHAT_HISTORY_SIZE });
  if ('lastAt' in stored) {
    const wait = Math.max(1, Math.ceil((Date.parse(stored.lastAt) + slowModeSeconds * 1000 - now.getTime()) / 1000));
    throw refuse('chat_slow_mode', `Slow mode is on: one message every ${seconds(slowModeSeconds)}. Wait ${seconds(wait)}.`);
  }
  const hidden = await repo.blockedEitherWay(ctx.db, userId);
  await chatDelivery(ctx).send(tenant.id, eventId, 'ChatMessageSent', stored.message, { except: hidden });
  return stored.message;
}

/** The host deletes any message of the event, an author their own; every watcher sees it go. */
export async function deleteMessage(c: ChatCaller & { messageId: string }): Promise<void> {
  const { isHost } = await sessionOf(c);
  const message = await repo.findMessage(c.ctx.db, { tenantId: c.tenant.id, id: c.messageId });
  if (!message || message.eventId !== c.eventId) throw refuse('not_found', 'No message of this chat has this id.');
  if (!isHost && message.userId !== c.userId) throw refuse('not_owner', 'Only the host, its co-hosts or the author can delete a message.');
  if (await repo.deleteMessage(c.ctx.db, message.id)) {
    await chatDelivery(c.ctx).send(c.tenant.id, c.eventId, 'ChatMessageDeleted', { eventId: c.eventId, id: message.id });
  }
}

export async function updateSettings(c: ChatCaller & { settings: ChatSettingsUpdate }): Promise<ChatSettings> {
  await requireHost(c);
  await repo.upsertSettings(c.ctx.db, { tenantId: c.tenant.id, eventId: c.eventId, ...c.settings, now: c.ctx.now() });
  const settings = await settingsOf(c.ctx, c.eventId);
  await chatDelivery(c.ctx).send(c.tenant.id, c.eventId, 'ChatSettingsUpdated', settings);
  return settings;
}

/** Mutes (or unmutes) someone in this event's chat until the host says otherwise; they keep watching. */
export async function setMute(c: ChatCaller & { targetId: string; muted: boolean }): Promise<void> {
  const { hostId } = await requireHost(c);
  if (c.targetId === c.userId) throw refuse('validation', 'You cannot mute yourself.');
  if (c.targetId === hostId) throw refuse('validation', 'The host of the event cannot be muted.');
  const known = await repo.setMute(c.ctx.db, { tenantId: c.tenant.id, eventId: c.eventId, userId: c.targetId, muted: c.muted });
  if (!known) throw refuse('not_found', 'No person has this id.');
  const payload = { eventId: c.eventId, userId: c.targetId, muted: c.muted };
  await chatDelivery(c.ctx).send(c.tenant.id, c.eventId, 'ChatMemberMuted', payload, { only: [c.targetId, c.userId] });
}

/** Event.chats: the last messages for a signed-in viewer; visitors (who cannot watch the buzz) get none. */
export function chatsOf(opts: { ctx: AppContext; eventId: string; viewerId: string | null }): Promise<ChatMessage[]> {
  return opts.viewerId ? lastMessages({ ctx: opts.ctx, eventId: opts.eventId, viewerId: opts.viewerId }) : Promise.resolve([]);
}
