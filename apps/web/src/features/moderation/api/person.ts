import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationApi, type AdminPerson, type AdminPlanChange, type Ok } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { invalidateAfterModeration } from './invalidate';

export function getAdminPerson(id: string, signal?: AbortSignal): Promise<AdminPerson> {
  return api.call(moderationApi.person, { params: { id }, signal });
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
  const params = { id: action.id };
  switch (action.kind) {
    case 'suspend':
      return api.call(moderationApi.personSuspend, { params, body: { reason: action.reason } });
    case 'lift':
      return api.call(moderationApi.personLift, { params, body: { reason: action.reason } });
    case 'role':
      return api.call(moderationApi.personRole, { params, body: { admin: action.admin, reason: action.reason } });
    case 'plan':
      return api.call(moderationApi.personPlan, { params, body: { plan: action.plan, addOns: action.addOns, reason: action.reason } });
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
  return api.call(moderationApi.personDelete, { params: { id }, body: { reason } });
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
