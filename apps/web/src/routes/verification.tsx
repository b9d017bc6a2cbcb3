import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerificationPanel } from '@/features/auth/components/verification-panel';
import { notify } from '@/lib/ui';

export default function VerificationRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AuthCard title="Verify your account" subtitle="One step before you can sign in.">
      <VerificationPanel
        token={params.get('token')}
        email={params.get('email')}
        redirect={params.get('redirect')}
        onSignedIn={(to) => {
          notify.success('Your email is verified, and you are signed in. Welcome to Hubbub!');
          void navigate(to, { replace: true });
        }}
      />
    </AuthCard>
  );
}
