import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function PasswordResetRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Set a new password" subtitle="Signing in again will be needed on your other devices.">
      <ResetPasswordForm linkCode={params.get('code')} />
    </AuthCard>
  );
}
