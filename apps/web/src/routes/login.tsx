import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { safeRedirectTarget } from '@/app/guards/access';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialSignIn } from '@/features/auth/components/social-sign-in';
import { signInReason } from '@/features/auth/sign-in-links';

export default function LoginRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const redirect = params.get('redirect');
  const target = safeRedirectTarget(redirect);

  // Someone already signed in (or just signed in) goes straight on.
  if (user) return <Navigate to={target} replace />;

  // Sent here from a page: say why, so the sign-in reads as a step on the way, not a wall.
  return (
    <AuthCard title="Sign in" subtitle={signInReason(redirect) ?? 'Welcome back to Hubbub.'}>
      <LoginForm initialEmail={params.get('email') ?? ''} redirect={redirect} onSuccess={() => void navigate(target, { replace: true })} />
      <SocialSignIn returnTo={target} />
    </AuthCard>
  );
}
