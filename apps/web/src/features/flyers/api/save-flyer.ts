import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { flyersApi, type Flyer, type FlyerCreate, type FlyerUpdate, type Ok } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Fails with `plan_limit` (its detail names the limit) when the plan's flyerCapacity for the event is used up. */
export function createFlyer(flyer: FlyerCreate): Promise<Flyer> {
  return engineApi.call(flyersApi.create, { body: flyer });
}

export function updateFlyer(flyer: FlyerUpdate): Promise<Ok> {
  return engineApi.call(flyersApi.update, { body: flyer });
}

export function deleteFlyer(id: string): Promise<Ok> {
  return engineApi.call(flyersApi.delete, { params: { id } });
}

/** The flyer list and the event (which embeds its flyers) are both stale after any change. */
export function invalidateEventFlyers(client: QueryClient, eventId: string) {
  void client.invalidateQueries({ queryKey: queryKeys.eventFlyers(eventId) });
  void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
}

export function useCreateFlyer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createFlyer, onSuccess: (flyer) => invalidateEventFlyers(client, flyer.eventId) });
}

export function useUpdateFlyer(eventId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateFlyer, onSuccess: () => invalidateEventFlyers(client, eventId) });
}

export function useDeleteFlyer(eventId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFlyer, onSuccess: () => invalidateEventFlyers(client, eventId) });
}
