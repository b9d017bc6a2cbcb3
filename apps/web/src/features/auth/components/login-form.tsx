import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SignedInUser } from '@/lib/session';
import { applyServerErrors } from '@/lib/api';
import { mantineValidator, required } from '@/lib/forms';
import { useShake } from '@/lib/ui';
import { useLogin } from '../api/login';
import { emailRules } from '../api/validation';
import { loginErrorMessage, type LoginFailure } from '../login-error';
import { registerPath, verificationPath } from '../sign-in-links';

interface LoginFormProps {
  initialEmail?: string;
  /** Where the person was going: the links to register and to verify keep it. */
  redirect?: string | null;
  onSuccess: (user: SignedInUser) => void;
}

export function LoginForm({ initialEmail = '', redirect, onSuccess }: LoginFormProps) {
  const login = useLogin();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const shake = useShake();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: mantineValidator(emailRules),
      password: mantineValidator([required('Password is required.')]),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      onSuccess(await login.mutateAsync({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      setFailure(loginErrorMessage(error, applyServerErrors(error, form, ['email', 'password'])));
      shake.shake();
    }
  });

  const email = form.getValues().email;
  return (
    <form onSubmit={submit} noValidate className={shake.className}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" title="Could not sign in">
            <Text size="sm">{failure.message}</Text>
            {failure.unverified && (
              <Anchor component={Link} to={verificationPath({ email, redirect })} size="sm" fw={600}>
                Enter your verification code
              </Anchor>
            )}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/password/forgot" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          Sign in
        </Button>
        <Text size="sm" ta="center">
          New to Hubbub?{' '}
          <Anchor component={Link} to={registerPath({ redirect })} fw={600}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
