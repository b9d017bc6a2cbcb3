import { z } from 'zod';
import { IdSchema } from './common.js';

// The door on the hub (issue 30): every device at a door hears each check-in at once. Apart from
// check-in.ts so the app's shell, which carries every hub message's schema, carries only these.

export const CheckInCountsSchema = z.object({ going: z.number().int(), checkedIn: z.number().int() }).meta({ id: 'CheckInCounts' });
export type CheckInCounts = z.infer<typeof CheckInCountsSchema>;

/** The group of the devices at one event's door (its host and door staff). */
export const hubDoorGroup = (tenantId: string, eventId: string) => `door:${tenantId}:${eventId}`;

/** JoinDoor answers false to anyone who may not work the door (the check is the HTTP door's). */
export const CheckInHubMethods = {
  JoinDoor: { arity: 1, args: z.tuple([IdSchema]), result: z.boolean() },
  LeaveDoor: { arity: 1, args: z.tuple([IdSchema]), result: z.void() },
} as const;

/** A check-in or an undo at the door: the counts now; devices read the list again (over HTTP, which checks who asks). */
export const DoorChangedSchema = z.object({ eventId: z.uuid(), counts: CheckInCountsSchema });
export type DoorChanged = z.infer<typeof DoorChangedSchema>;

export const CheckInServerEvents = { DoorChanged: DoorChangedSchema } as const;
