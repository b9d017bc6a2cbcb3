import { CheckInHubMethods, CheckInServerEvents, hubDoorGroup, toPascalCaseKeys, type CheckInCounts } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { invocationFrame, type HubHandlers, type HubRuntime } from '../hub/index.js';
import { serveDoorDelivery, type DoorDelivery } from './delivery.js';
import { mayWorkDoor } from './service.js';

const DOOR_SIGNAL = 'door';
interface DoorSignal {
  tenantId: string;
  eventId: string;
  counts: CheckInCounts;
}

/**
 * The door on the hub: devices at an event's door (its host and door staff, checked as the HTTP
 * door checks them) join its group and hear DoorChanged with the counts at each check-in or undo,
 * from any instance (the backplane carries one signal; each instance writes to its own devices).
 */
export class DoorHub implements DoorDelivery {
  constructor(
    private readonly ctx: AppContext,
    private readonly hub: HubRuntime,
  ) {
    hub.onSignal<DoorSignal>(DOOR_SIGNAL, (signal) => this.fanOut(signal));
    serveDoorDelivery(ctx, this);
  }

  async changed(tenantId: string, eventId: string, counts: CheckInCounts): Promise<void> {
    await this.hub.signal(DOOR_SIGNAL, { tenantId, eventId, counts } satisfies DoorSignal);
  }

  private fanOut({ tenantId, eventId, counts }: DoorSignal): void {
    const members = this.hub.groups.listMembers(hubDoorGroup(tenantId, eventId));
    if (!members.length) return;
    const frame = Buffer.from(invocationFrame('DoorChanged', [toPascalCaseKeys(CheckInServerEvents.DoorChanged.parse({ eventId, counts }))]));
    for (const member of members) member.sendFrame(frame);
  }

  readonly handlers: HubHandlers<typeof CheckInHubMethods> = {
    JoinDoor: async (connection, eventId) => {
      const { tenant, userId } = connection.auth;
      if (!(await mayWorkDoor({ ctx: this.ctx, tenantId: tenant.id, userId, eventId })) || connection.closed) return false;
      this.hub.groups.join(hubDoorGroup(tenant.id, eventId), connection);
      return true;
    },
    LeaveDoor: async (connection, eventId) => {
      this.hub.groups.leave(hubDoorGroup(connection.auth.tenant.id, eventId), connection);
    },
  };
}
