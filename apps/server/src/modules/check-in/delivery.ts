import type { CheckInCounts } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';

/** What the service asks of the hub: tell every device at an event's door, on every instance, that the door changed. */
export interface DoorDelivery {
  changed(tenantId: string, eventId: string, counts: CheckInCounts): Promise<void>;
}

// The hub exists only once its plugin runs (after the context is built): the door's hub side
// registers itself here for its app, and until then (or in an app without a hub) nobody hears.
const deliveries = new WeakMap<AppContext, DoorDelivery>();

export function serveDoorDelivery(ctx: AppContext, delivery: DoorDelivery): void {
  deliveries.set(ctx, delivery);
}

export function doorDelivery(ctx: AppContext): DoorDelivery {
  return deliveries.get(ctx) ?? { changed: async () => {} };
}
