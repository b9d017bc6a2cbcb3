import type { ChatServerEvents, HubServerEventPayload } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';

export type ChatEventName = keyof typeof ChatServerEvents;

/** Who of an event's watchers hears a chat message: everyone but `except`, or only `only`. */
export interface ChatAudience {
  except?: string[];
  only?: string[];
}

/** What the service asks of the hub: a chat message to an event's watchers, on every instance. */
export interface ChatDelivery {
  send<K extends ChatEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>, audience?: ChatAudience): Promise<void>;
}

// The hub exists only once its plugin runs (after the context is built): the chat's hub side
// registers itself here for its app, and until then (or in an app without a hub) nobody hears.
const deliveries = new WeakMap<AppContext, ChatDelivery>();

export function serveChatDelivery(ctx: AppContext, delivery: ChatDelivery): void {
  deliveries.set(ctx, delivery);
}

export function chatDelivery(ctx: AppContext): ChatDelivery {
  return deliveries.get(ctx) ?? { send: async () => {} };
}
