import type { ZodType } from 'zod';
import {
  EventStatus,
  HubMethods,
  hubEventGroup,
  toCamelCaseKeys,
  type EventSessionSound,
  type EventSessionUpdate,
  type HubMethodName,
  type HubServerEventName,
  type HubServerEventPayload,
} from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { getEvent, requireOwnEvent } from '../events/service.js';
import type { HubConnection } from './connection.js';
import { HubError } from './hub-error.js';
import { listFlyersOf } from '../flyers/repository.js';
import { toFlyer } from '../flyers/flyer-view.js';
import { isBlockedBy, setEventStatus } from './repository.js';
import { serverEventFrame, type HubRuntime } from './runtime.js';

declare module '../../app-context.js' {
  interface AppContext {
    /** Set by the hub plugin; services broadcast to event sessions through it. */
    hub?: HubRuntime;
  }
}

interface HubCall {
  ctx: AppContext;
  hub: HubRuntime;
  connection: HubConnection;
}

/** Validates arguments with the contract; clients may send PascalCase or camelCase keys. */
function parseArgs<T>(target: HubMethodName, schema: ZodType<T>, args: unknown[]): T {
  const expected = HubMethods[target].args.def.items.length;
  if (args.length !== expected) throw new HubError(`Invocation provides ${args.length} argument(s) but target expects ${expected}.`);
  const result = schema.safeParse(toCamelCaseKeys(args));
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` (argument ${issue.path.join('.')})` : '';
    throw new HubError(`Invalid arguments${where}: ${issue?.message ?? 'not valid'}`);
  }
  return result.data;
}

/** Sends a server-to-client message to everyone watching an event, on every instance. */
export async function broadcastToEvent<K extends HubServerEventName>(
  ctx: Pick<AppContext, 'hub'>,
  tenantId: string,
  eventId: string,
  name: K,
  payload: HubServerEventPayload<K>,
): Promise<boolean> {
  if (!ctx.hub) return false;
  await ctx.hub.broadcast(hubEventGroup(tenantId, eventId), serverEventFrame(name, payload));
  return true;
}

const pendingAnnouncements = new WeakMap<HubRuntime, Set<string>>();

/**
 * Tells a group how many watch it, once per window: the count is read when the window
 * closes, so it is the latest one, and with a shared bus it covers every instance.
 */
async function announceWatchers(hub: HubRuntime, group: string, eventId: string) {
  let pending = pendingAnnouncements.get(hub);
  if (!pending) pendingAnnouncements.set(hub, (pending = new Set()));
  if (pending.has(group)) return;
  pending.add(group);
  const timer = setTimeout(() => {
    pending.delete(group);
    void (async () => {
      const watchers = await hub.groups.total(group);
      await hub.broadcast(group, serverEventFrame('EventWatcherUpdated', { eventId, watchers }));
    })().catch(() => {
      // The hub may have shut down meanwhile; nobody is left to tell.
    });
  }, hub.timings.watcherAnnounceMs);
  timer.unref();
}

export async function joinEventSession(call: HubCall, eventId: string): Promise<boolean> {
  const { ctx, hub, connection } = call;
  const { tenant, userId } = connection.auth;
  let ownerId: string;
  let live = false;
  try {
    const event = await getEvent({ ctx, tenant, id: eventId, viewerId: userId });
    ownerId = event.userId;
    live = event.status === EventStatus.Started;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return false;
    throw error;
  }
  if (ownerId !== userId && (await isBlockedBy(ctx.db, { blockerId: ownerId, blockedId: userId }))) return false;
  const group = hubEventGroup(tenant.id, eventId);
  if (connection.closed) return false;
  if (hub.groups.join(group, connection)) {
    connection.groups.add(group);
    await announceWatchers(hub, group, eventId);
  }
  // Someone joining mid-launch (or re-joining after a reconnect) sees what is on now. Sent after
  // the join's completion, so the client already treats this event as its active one.
  const active = (await listFlyersOf(ctx.db, eventId)).filter((flyer) => flyer.isActivated);
  if (active.length || live) {
    const at = ctx.now().toISOString();
    setImmediate(() => {
      if (connection.closed || !connection.groups.has(group)) return;
      if (live) connection.sendFrame(serverEventFrame('EventStarted', { eventId, state: 'Started', title: null, message: null, at }));
      for (const flyer of active) connection.sendFrame(serverEventFrame('FlyerStarted', toFlyer(flyer)));
    });
  }
  return true;
}

export async function leaveEventSession(call: HubCall, eventId: string): Promise<void> {
  const { hub, connection } = call;
  const group = hubEventGroup(connection.auth.tenant.id, eventId);
  connection.groups.delete(group);
  if (hub.groups.leave(group, connection)) await announceWatchers(hub, group, eventId);
}

/** When a connection drops, its groups lose a watcher. */
export function leaveAllGroups(hub: HubRuntime, connection: HubConnection): void {
  for (const group of connection.groups) {
    if (!hub.groups.leave(group, connection)) continue;
    const eventId = group.slice(group.lastIndexOf(':') + 1);
    void announceWatchers(hub, group, eventId).catch(() => {});
  }
  connection.groups.clear();
}

async function requireHost(call: HubCall, eventId: string): Promise<void> {
  try {
    await requireOwnEvent(call.ctx, call.connection.auth, eventId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new HubError('No event has this id.');
    if (error instanceof AppError && error.status === 403) throw new HubError('Only the host of this event may change its session.');
    throw error;
  }
}

const SESSION_MESSAGES = { Started: 'EventStarted', Updated: 'EventUpdated', Stopped: 'EventStopped' } as const;

export async function updateEventSession(call: HubCall, eventId: string, data: EventSessionUpdate): Promise<void> {
  await requireHost(call, eventId);
  const { tenant } = call.connection.auth;
  // Kept on the event, so people who join later (or reload) see that the session is live.
  await setEventStatus(call.ctx.db, eventId, data.state === 'Stopped' ? EventStatus.Completed : EventStatus.Started, call.ctx.now());
  await broadcastToEvent(call.ctx, tenant.id, eventId, SESSION_MESSAGES[data.state], {
    eventId,
    state: data.state,
    title: data.title ?? null,
    message: data.message ?? null,
    at: call.ctx.now().toISOString(),
  });
  // A message from the host is also a notification, which clients show as a toast.
  if (data.message) {
    await broadcastToEvent(call.ctx, tenant.id, eventId, 'EventNotification', {
      eventId,
      title: data.title ?? 'From the host',
      message: data.message,
      level: 'info',
    });
  }
}

export async function updateEventSessionSound(call: HubCall, eventId: string, data: EventSessionSound): Promise<void> {
  await requireHost(call, eventId);
  await broadcastToEvent(call.ctx, call.connection.auth.tenant.id, eventId, 'EventSoundUpdated', { eventId, level: data.level, track: data.track ?? null });
}

/** Routes an invocation by its wire name (PascalCase, as the spec lists them). */
export function createDispatch(ctx: AppContext, getHub: () => HubRuntime) {
  return async (connection: HubConnection, target: string, args: unknown[]): Promise<unknown> => {
    const call = { ctx, hub: getHub(), connection };
    switch (target) {
      case 'JoinEventSession': {
        const [eventId] = parseArgs(target, HubMethods.JoinEventSession.args, args);
        return joinEventSession(call, eventId);
      }
      case 'LeaveEventSession': {
        const [eventId] = parseArgs(target, HubMethods.LeaveEventSession.args, args);
        return leaveEventSession(call, eventId);
      }
      case 'UpdateEventSession': {
        const [eventId, data] = parseArgs(target, HubMethods.UpdateEventSession.args, args);
        return updateEventSession(call, eventId, data);
      }
      case 'UpdateEventSessionSound': {
        const [eventId, data] = parseArgs(target, HubMethods.UpdateEventSessionSound.args, args);
        return updateEventSessionSound(call, eventId, data);
      }
      default:
        throw new HubError(`Unknown hub method '${target.slice(0, 100)}'.`);
    }
  };
}
