import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';

export default function AccountProfileRoute() {
  const profile = useProfile();
  return (
    <QueryState query={profile} loading={<PageLoader label="Loading profile" />} errorTitle="Could not load your profile">
      {(data) => <ProfileForm key={data.id} profile={data} />}
    </QueryState>
  );
}
