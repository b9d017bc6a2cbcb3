import { Skeleton } from '@mantine/core';
import { QueryState } from '@/components/query-state';
import { useUserSummary } from '../api/get-user-summary';
import { PersonStats } from './person-stats';

export function UserSummaryStats() {
  const summary = useUserSummary();
  return (
    <QueryState query={summary} loading={<Skeleton height={52} radius="md" />} errorTitle="Could not load your counts">
      {(data) => (
        <PersonStats
          items={[
            { label: 'Events', value: data.eventCount },
            { label: 'Followers', value: data.followerCount },
            { label: 'Following', value: data.followingCount },
          ]}
        />
      )}
    </QueryState>
  );
}
