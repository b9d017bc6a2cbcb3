import { Skeleton } from '@mantine/core';
import { ErrorPanel } from '@/components/error-panel';
import { useUserSummary } from '../api/get-user-summary';
import { PersonStats } from './person-stats';

export function UserSummaryStats() {
  const summary = useUserSummary();
  if (summary.isPending) return <Skeleton height={52} radius="md" />;
  if (summary.isError) return <ErrorPanel error={summary.error} title="Could not load your counts" onRetry={() => void summary.refetch()} />;
  return (
    <PersonStats
      items={[
        { label: 'Events', value: summary.data.eventCount },
        { label: 'Followers', value: summary.data.followerCount },
        { label: 'Following', value: summary.data.followingCount },
      ]}
    />
  );
}
