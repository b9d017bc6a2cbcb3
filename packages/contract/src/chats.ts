import { z } from 'zod';
import { IdSchema } from './common.js';

// The buzz's chat (the spec's Event.chats): signed-in watchers of an event's session talk
// through the hub; its host keeps the room in order (slow mode, members only, delete, mute).

/** Longest message, in characters. */
export const CHAT_TEXT_MAX = 500;
/** Messages kept with an event (older ones go as new ones come): what late joiners and Event.chats see. */
export const CHAT_HISTORY_SIZE = 100;
/** The slow-mode intervals the host can choose, in seconds (0 is off). */
export const CHAT_SLOW_MODE_SECONDS = [0, 5, 10, 30, 60, 120] as const;

/**
 * The stable codes a refused chat call leads its HubException message with (`HubException: <code>: …`),
 * besides the Problem codes `validation`, `not_found`, `not_owner` and `rate_limited`.
 */
export const ChatErrorCodes = {
  chat_not_watching: 'Join the event\'s session (JoinEventSession) before reading or writing its chat.',
  chat_muted: 'The host muted you in this chat.',
  chat_members_only: 'The host opened the chat to members only: people who follow or attend the event.',
  chat_slow_mode: 'Slow mode: one message per interval; the message says how long to wait.',
} as const;
export type ChatErrorCode = keyof typeof ChatErrorCodes;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** What a watcher may say: one line of plain text (it is shown as text, links as links, never as HTML). */
export const ChatTextSchema = z
  .string({ message: 'Write a message.' })
  .trim()
  .min(1, { message: 'Write a message.' })
  .max(CHAT_TEXT_MAX, { message: `A message is at most ${CHAT_TEXT_MAX} characters.` })
  .refine((text) => !CONTROL.test(text), { message: 'A message is one line of text: no line breaks or control characters.' });

export const ChatSendSchema = z.object({ text: ChatTextSchema });
export type ChatSend = z.input<typeof ChatSendSchema>;

export const ChatSlowModeSchema = z
  .number({ message: 'slowModeSeconds must be a number.' })
  .int()
  .refine((s) => (CHAT_SLOW_MODE_SECONDS as readonly number[]).includes(s), { message: `slowModeSeconds is one of ${CHAT_SLOW_MODE_SECONDS.join(', ')}.` });

export const ChatSettingsUpdateSchema = z.object({ slowModeSeconds: ChatSlowModeSchema, membersOnly: z.boolean({ message: 'membersOnly must be true or false.' }) });
export type ChatSettingsUpdate = z.input<typeof ChatSettingsUpdateSchema>;

export const ChatMuteSchema = z.object({ userId: IdSchema, muted: z.boolean({ message: 'muted must be true or false.' }) });
export type ChatMute = z.input<typeof ChatMuteSchema>;

/** One message as everyone sees it. */
export const ChatMessageSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    userId: z.uuid(),
    userName: z.string(),
    text: z.string(),
    created: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatSettingsSchema = z.object({ eventId: z.uuid(), slowModeSeconds: z.number().int().min(0), membersOnly: z.boolean() });
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** What a watcher gets on opening the chat: the room's rules, what it may do, and the last messages. */
export const ChatStateSchema = z.object({
  settings: ChatSettingsSchema,
  messages: z.array(ChatMessageSchema),
  isHost: z.boolean(),
  /** Whether the caller follows or attends the event (or hosts it): who may write when the chat is members only. */
  isMember: z.boolean(),
  muted: z.boolean(),
  /** The people the host muted (for the host only; empty for everyone else). */
  mutedUserIds: z.array(z.uuid()),
});
export type ChatState = z.infer<typeof ChatStateSchema>;

export const ChatMessageDeletedSchema = z.object({ eventId: z.uuid(), id: z.uuid() });
export type ChatMessageDeleted = z.infer<typeof ChatMessageDeletedSchema>;

/** Sent to the muted person (and the host): whether they may write now. */
export const ChatMemberMutedSchema = z.object({ eventId: z.uuid(), userId: z.uuid(), muted: z.boolean() });
export type ChatMemberMuted = z.infer<typeof ChatMemberMutedSchema>;

/** The chat's hub methods; hub.ts adds them to HubMethods. */
export const ChatHubMethods = {
  GetChat: { arity: 1, args: z.tuple([IdSchema]), result: ChatStateSchema },
  SendChatMessage: { arity: 2, args: z.tuple([IdSchema, ChatSendSchema]), result: ChatMessageSchema },
  DeleteChatMessage: { arity: 2, args: z.tuple([IdSchema, IdSchema]), result: z.void() },
  UpdateChatSettings: { arity: 2, args: z.tuple([IdSchema, ChatSettingsUpdateSchema]), result: ChatSettingsSchema },
  MuteChatMember: { arity: 2, args: z.tuple([IdSchema, ChatMuteSchema]), result: z.void() },
} as const;

/** The chat's server-to-client messages; hub.ts adds them to HubServerEvents. */
export const ChatServerEvents = {
  ChatMessageSent: ChatMessageSchema,
  ChatMessageDeleted: ChatMessageDeletedSchema,
  ChatSettingsUpdated: ChatSettingsSchema,
  ChatMemberMuted: ChatMemberMutedSchema,
} as const;

/** The code a chat HubException message leads with, if any (`… HubException: chat_muted: …`). */
export function chatErrorCode(message: string): string | undefined {
  return /HubException: ([a-z_]+):/.exec(message)?.[1];
}
