import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usersApi, type Person, type Relation } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** The follow endpoint takes the user id in the query string and an empty body. */
export function followUser(userId: string): Promise<Relation> {
  return api.call(usersApi.follow, { query: { userId } });
}

export function unfollowUser(userId: string): Promise<Relation> {
  return api.call(usersApi.unfollow, { params: { id: userId } });
}

export function blockUser({ userId, block }: { userId: string; block: boolean }): Promise<Relation> {
  return api.call(usersApi.block, { params: { id: userId, flag: block ? 1 : 0 } });
}

/** Shows the new relation at once, then refetches the counts it changed. */
function applyRelation(client: QueryClient, relation: Relation) {
  client.setQueryData<Person>(queryKeys.users.person(relation.userId), (person) =>
    person ? { ...person, isFollowing: relation.isFollowing, isBlocked: relation.isBlocked } : person,
  );
  void client.invalidateQueries({ queryKey: queryKeys.users.person(relation.userId) });
  void client.invalidateQueries({ queryKey: queryKeys.users.searches });
  void client.invalidateQueries({ queryKey: queryKeys.users.summary });
  // The home lists what people one follows host.
  void client.invalidateQueries({ queryKey: queryKeys.home.all });
}

export function useFollowUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: followUser, onSuccess: (relation) => applyRelation(client, relation) });
}

export function useUnfollowUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: unfollowUser, onSuccess: (relation) => applyRelation(client, relation) });
}

export function useBlockUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: blockUser, onSuccess: (relation) => applyRelation(client, relation) });
}
