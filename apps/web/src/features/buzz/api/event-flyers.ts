import { queryOptions, useQuery } from '@tanstack/react-query';
import { FlyerSchema, flyerPaths, type Flyer } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import { buzzKeys } from './buzz-keys';

// zod is the contract's dependency, not the web app's: build the list schema from the contract's.
const FlyerListSchema = FlyerSchema.array();

/** The event's flyers, for the owner's launch controls and to name flyers on the timeline. */
export function getEventFlyers(eventId: string, signal?: AbortSignal): Promise<Flyer[]> {
  return engineApi.get(flyerPaths.eventFlyers(eventId), { schema: FlyerListSchema, signal });
}

export function eventFlyersQueryOptions(eventId: string) {
  return queryOptions({ queryKey: buzzKeys.flyers(eventId), queryFn: ({ signal }) => getEventFlyers(eventId, signal) });
}

export function useEventFlyers(eventId: string, enabled = true) {
  return useQuery({ ...eventFlyersQueryOptions(eventId), enabled });
}
