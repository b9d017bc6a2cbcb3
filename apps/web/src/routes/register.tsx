import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { safeRedirectTarget } from '@/app/guards/access';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { verificationPath } from '@/features/auth/sign-in-links';

export default function RegisterRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const redirect = params.get('redirect');
  if (user) return <Navigate to={safeRedirectTarget(redirect)} replace />;

  return (
    <AuthCard title="Create your account" subtitle="Follow events and people, and publish your own.">
      <RegisterForm redirect={redirect} onSuccess={(result) => void navigate(verificationPath({ email: result.email, redirect }))} />
    </AuthCard>
  );
}
