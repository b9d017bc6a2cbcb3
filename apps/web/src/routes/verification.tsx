import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerificationPanel } from '@/features/auth/components/verification-panel';

export default function VerificationRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Verify your account" subtitle="One step before you can sign in.">
      <VerificationPanel token={params.get('token')} email={params.get('email')} />
    </AuthCard>
  );
}
