import { ErrorPanel } from '@/components/error-panel';
import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';

export default function AccountProfileRoute() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader label="Loading profile" />;
  if (profile.isError) return <ErrorPanel error={profile.error} title="Could not load your profile" onRetry={() => void profile.refetch()} />;
  return <ProfileForm key={profile.data.id} profile={profile.data} />;
}
