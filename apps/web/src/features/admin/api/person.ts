import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminPersonSchema, OkSchema, moderationPaths, type AdminPerson, type AdminPlanChange, type Ok } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { invalidateAfterModeration } from './invalidate';

export function getAdminPerson(id: string, signal?: AbortSignal): Promise<AdminPerson> {
  return api.get(moderationPaths.person(id), { schema: AdminPersonSchema, signal });
}

export function adminPersonQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.admin.person(id), queryFn: ({ signal }) => getAdminPerson(id, signal) });
}

export function useAdminPerson(id: string) {
  return useQuery(adminPersonQueryOptions(id));
}

export type PersonAction =
  | { kind: 'suspend' | 'lift'; id: string; reason: string }
  | { kind: 'role'; id: string; admin: boolean; reason: string }
  | { kind: 'plan'; id: string; plan: AdminPlanChange['plan']; addOns: string[]; reason: string };

/** Each answers the person as they are after the action. */
export function moderatePerson(action: PersonAction): Promise<AdminPerson> {
  const options = { schema: AdminPersonSchema };
  switch (action.kind) {
    case 'suspend':
      return api.post(moderationPaths.suspend(action.id), { reason: action.reason }, options);
    case 'lift':
      return api.post(moderationPaths.lift(action.id), { reason: action.reason }, options);
    case 'role':
      return api.post(moderationPaths.role(action.id), { admin: action.admin, reason: action.reason }, options);
    case 'plan':
      return api.post(moderationPaths.plan(action.id), { plan: action.plan, addOns: action.addOns, reason: action.reason }, options);
  }
}

export function useModeratePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderatePerson,
    onSuccess: (person) => {
      client.setQueryData(queryKeys.admin.person(person.id), person);
      invalidateAfterModeration(client);
    },
  });
}

export function deletePerson({ id, reason }: { id: string; reason: string }): Promise<Ok> {
  return api.post(moderationPaths.deletePerson(id), { reason }, { schema: OkSchema });
}

export function useDeletePerson() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePerson,
    onSuccess: (_ok, { id }) => {
      // Gone for good: a refetch would only answer not_found.
      client.removeQueries({ queryKey: queryKeys.admin.person(id) });
      invalidateAfterModeration(client);
    },
  });
}
