import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { paths, RelationSchema, type Person, type Relation } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** The follow endpoint takes the user id in the query string and an empty body. */
export function followUser(userId: string): Promise<Relation> {
  return api.post(paths.follow(userId), undefined, { schema: RelationSchema });
}

export function unfollowUser(userId: string): Promise<Relation> {
  return api.delete(paths.unfollow(userId), { schema: RelationSchema });
}

export function blockUser({ userId, block }: { userId: string; block: boolean }): Promise<Relation> {
  return api.post(paths.block(userId, block ? 1 : 0), undefined, { schema: RelationSchema });
}

/** Shows the new relation at once, then refetches the counts it changed. */
function applyRelation(client: QueryClient, relation: Relation) {
  client.setQueryData<Person>(queryKeys.users.person(relation.userId), (person) =>
    person ? { ...person, isFollowing: relation.isFollowing, isBlocked: relation.isBlocked } : person,
  );
  void client.invalidateQueries({ queryKey: queryKeys.users.person(relation.userId) });
  void client.invalidateQueries({ queryKey: queryKeys.users.searches });
  void client.invalidateQueries({ queryKey: queryKeys.users.summary });
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
