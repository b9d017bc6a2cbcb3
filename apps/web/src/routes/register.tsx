import { Navigate, useNavigate } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  const navigate = useNavigate();
  const user = useSessionUser();
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title="Create your account" subtitle="Follow events and people, and publish your own.">
      <RegisterForm onSuccess={(result) => void navigate(`/verification?email=${encodeURIComponent(result.email)}`)} />
    </AuthCard>
  );
}
