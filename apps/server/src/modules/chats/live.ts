import { ChatHubMethods, ChatServerEvents, hubEventGroup, toPascalCaseKeys, type HubServerEventPayload } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { HubError, invocationFrame, type HubConnection, type HubHandlers, type HubRuntime } from '../hub/index.js';
import { serveChatDelivery, type ChatAudience, type ChatDelivery, type ChatEventName } from './delivery.js';
import * as service from './service.js';

const CHAT_SIGNAL = 'chat';
interface ChatSignal {
  tenantId: string;
  eventId: string;
  name: ChatEventName;
  payload: unknown;
  audience?: ChatAudience;
}

/**
 * The chat on the hub: its methods (callers must be watching the event's session), and its
 * messages to an event's watchers. A message travels the backplane once as a signal; each
 * instance then writes it to its own watchers of the event, leaving out whoever the author
 * blocked or was blocked by, so one frame per instance serves a room of any size.
 */
export class ChatHub implements ChatDelivery {
  constructor(
    private readonly ctx: AppContext,
    private readonly hub: HubRuntime,
  ) {
    hub.onSignal<ChatSignal>(CHAT_SIGNAL, (signal) => this.fanOut(signal));
    serveChatDelivery(ctx, this);
  }

  async send<K extends ChatEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>, audience?: ChatAudience): Promise<void> {
    await this.hub.signal(CHAT_SIGNAL, { tenantId, eventId, name, payload, audience } satisfies ChatSignal);
  }

  private fanOut({ tenantId, eventId, name, payload, audience }: ChatSignal): void {
    const members = this.hub.groups.listMembers(hubEventGroup(tenantId, eventId));
    if (!members.length) return;
    // Validated and PascalCased like every server message (event-sessions' frames), serialised once for the room.
    const frame = Buffer.from(invocationFrame(name, [toPascalCaseKeys(ChatServerEvents[name].parse(payload))]));
    const except = new Set(audience?.except ?? []);
    const only = audience?.only ? new Set(audience.only) : null;
    for (const member of members) {
      const userId = (member as HubConnection).auth.userId;
      if (except.has(userId) || (only && !only.has(userId))) continue;
      member.sendFrame(frame);
    }
  }

  /** The caller as the chat's service takes it, once they watch the event's session on this connection. */
  private caller(connection: HubConnection, eventId: string): service.ChatCaller {
    const { tenant, userId } = connection.auth;
    if (!this.hub.groups.has(hubEventGroup(tenant.id, eventId), connection)) {
      throw service.refuse('chat_not_watching', 'Join the event\'s live session before using its chat.');
    }
    return { ctx: this.ctx, tenant, userId, eventId };
  }

  /** Errors the service raises as Problems reach the client with their code, like the chat's own. */
  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw new HubError(error.detail ?? error.title, error.code);
      throw error;
    }
  }

  readonly handlers: HubHandlers<typeof ChatHubMethods> = {
    GetChat: (connection, eventId) => this.run(() => service.chatState(this.caller(connection, eventId))),
    SendChatMessage: (connection, eventId, data) => this.run(() => service.postMessage({ ...this.caller(connection, eventId), text: data.text })),
    DeleteChatMessage: (connection, eventId, messageId) => this.run(() => service.deleteMessage({ ...this.caller(connection, eventId), messageId })),
    UpdateChatSettings: (connection, eventId, settings) => this.run(() => service.updateSettings({ ...this.caller(connection, eventId), settings })),
    MuteChatMember: (connection, eventId, data) => this.run(() => service.setMute({ ...this.caller(connection, eventId), targetId: data.userId, muted: data.muted })),
  };
}
