import { z } from 'zod';
import { ChatHubMethods, ChatServerEvents } from './chats.js';
import { CheckInHubMethods, CheckInServerEvents } from './check-in-hub.js';
import { IdSchema } from './common.js';

// Hub messages of the realtime buzz (spec 7 "Realtime hub", spec 9 constants).
export const HUB_PATH = '/Engine/hub';
/** The SignalR negotiate call of the hub (TransportProtocols.md). */
export const HUB_NEGOTIATE_PATH = `${HUB_PATH}/negotiate`;
/** The server pings (and sends KeepAliveEvent) this often. */
export const HUB_KEEP_ALIVE_MS = 15_000;
/** A client silent this long is dropped; the client uses the same figure for the server. */
export const HUB_TIMEOUT_MS = 30_000;
/** The largest hub message either side may send, in bytes. */
export const HUB_MAX_MESSAGE_BYTES = 100_000;

/** The group of everyone watching one event's session. */
export const hubEventGroup = (tenantId: string, eventId: string) => `event:${tenantId}:${eventId}`;

// ---- Client to server ----

export const EventSessionStates = ['Started', 'Updated', 'Stopped'] as const;
export const EventSessionStateSchema = z.enum(EventSessionStates, { message: 'State must be Started, Updated or Stopped.' });
export type EventSessionState = z.infer<typeof EventSessionStateSchema>;

export const EventSessionUpdateSchema = z.object({
  state: EventSessionStateSchema,
  title: z.string().trim().max(200).optional(),
  message: z.string().trim().max(2000).optional(),
});
export type EventSessionUpdate = z.infer<typeof EventSessionUpdateSchema>;

export const EventSessionSoundSchema = z.object({
  level: z.number({ message: 'Level must be a number.' }).int().min(0, { message: 'Level is 0 to 100.' }).max(100, { message: 'Level is 0 to 100.' }),
  track: z.string().trim().max(300).optional(),
});
export type EventSessionSound = z.infer<typeof EventSessionSoundSchema>;

/** The live session's hub methods: how many arguments, their tuple, and what the completion carries. */
export const EventSessionHubMethods = {
  JoinEventSession: { arity: 1, args: z.tuple([IdSchema]), result: z.boolean() },
  UpdateEventSession: { arity: 2, args: z.tuple([IdSchema, EventSessionUpdateSchema]), result: z.void() },
  UpdateEventSessionSound: { arity: 2, args: z.tuple([IdSchema, EventSessionSoundSchema]), result: z.void() },
  LeaveEventSession: { arity: 1, args: z.tuple([IdSchema]), result: z.void() },
} as const;
/** Every hub method the client invokes: the live session's, the chat's (chats.ts) and the door's (check-in.ts). */
export const HubMethods = { ...EventSessionHubMethods, ...ChatHubMethods, ...CheckInHubMethods } as const;
export type HubMethodName = keyof typeof HubMethods;

// ---- Server to client ----

export const KeepAliveEventSchema = z.object({ at: z.string() });
export type KeepAliveEvent = z.infer<typeof KeepAliveEventSchema>;

/** EventStarted, EventUpdated and EventStopped carry the session as the host set it. */
export const EventSessionSchema = z.object({
  eventId: z.uuid(),
  state: EventSessionStateSchema,
  title: z.string().nullable(),
  message: z.string().nullable(),
  at: z.string(),
});
export type EventSession = z.infer<typeof EventSessionSchema>;

export const EventSoundSchema = z.object({ eventId: z.uuid(), level: z.number().int().min(0).max(100), track: z.string().nullable() });
export type EventSound = z.infer<typeof EventSoundSchema>;

export const EventWatchersSchema = z.object({ eventId: z.uuid(), watchers: z.number().int().min(0) });
export type EventWatchers = z.infer<typeof EventWatchersSchema>;

export const NotificationLevels = ['info', 'success', 'warning', 'error'] as const;
export const EventNotificationSchema = z.object({
  eventId: z.uuid(),
  title: z.string().max(200),
  message: z.string().max(2000),
  level: z.enum(NotificationLevels),
});
export type EventNotification = z.infer<typeof EventNotificationSchema>;

/** A flyer as the buzz shows it; the full Flyer entity lives in flyers.ts. */
export const HubFlyerSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  contentType: z.string().nullable(),
  contentJson: z.string().nullable(),
  isActivated: z.boolean(),
});
export type HubFlyer = z.infer<typeof HubFlyerSchema>;

export const HubServerEvents = {
  KeepAliveEvent: KeepAliveEventSchema,
  EventStarted: EventSessionSchema,
  EventUpdated: EventSessionSchema,
  EventSoundUpdated: EventSoundSchema,
  EventWatcherUpdated: EventWatchersSchema,
  EventStopped: EventSessionSchema,
  EventNotification: EventNotificationSchema,
  FlyerStarted: HubFlyerSchema,
  FlyerUpdated: HubFlyerSchema,
  FlyerStopped: HubFlyerSchema,
  ...ChatServerEvents,
  ...CheckInServerEvents,
} as const;
export type HubServerEventName = keyof typeof HubServerEvents;
export type HubServerEventPayload<K extends HubServerEventName> = z.infer<(typeof HubServerEvents)[K]>;

// ---- Field-name case on the wire (spec 7: PascalCase on the wire, camelCase in the client) ----

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[rename(key)] = mapKeys(item, rename);
  return out;
}

const upperFirst = (key: string) => (key ? key[0].toUpperCase() + key.slice(1) : key);
const lowerFirst = (key: string) => (key ? key[0].toLowerCase() + key.slice(1) : key);

/** Deep copy with every object key PascalCased (arrays followed, strings such as contentJson untouched). */
export const toPascalCaseKeys = <T = unknown>(value: unknown): T => mapKeys(value, upperFirst) as T;
/** Deep copy with every object key camelCased. */
export const toCamelCaseKeys = <T = unknown>(value: unknown): T => mapKeys(value, lowerFirst) as T;
