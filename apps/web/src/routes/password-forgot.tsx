import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function PasswordForgotRoute() {
  return (
    <AuthCard title="Forgot your password?" subtitle="We will email you a link and a code to set a new one.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
