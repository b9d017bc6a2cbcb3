import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { Link } from 'react-router';
import { applyServerErrors } from '@/lib/api';
import { FieldError, mantineValidator } from '@/lib/forms';
import { useForgotPassword } from '../api/forgot-password';
import { emailRules } from '../api/validation';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: mantineValidator(emailRules) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setMessage(null);
    try {
      setSent((await forgot.mutateAsync({ email: email.trim() })).message);
    } catch (error) {
      setMessage(applyServerErrors(error, form, ['email']));
    }
  });

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconMailForward size={20} aria-hidden />} title="Check your email">
          {sent}
        </Alert>
        <Button component={Link} to="/password/reset" fullWidth>
          I have a reset code
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FieldError message={message} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={forgot.isPending} fullWidth>
          Send reset link
        </Button>
        <Text size="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
