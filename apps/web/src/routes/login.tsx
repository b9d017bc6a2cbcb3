import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { safeRedirectTarget } from '@/app/guards/access';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';

export default function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const target = safeRedirectTarget(params.get('redirect'));

  // Someone already signed in (or just signed in) goes straight on.
  if (user) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Hubbub.">
      <LoginForm initialEmail={params.get('email') ?? ''} onSuccess={() => void navigate(target, { replace: true })} />
      <SocialSignIn returnTo={target} />
    </AuthCard>
  );
}
