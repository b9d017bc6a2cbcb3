import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH, safeReturnPath, type RegistrationResult } from '@hubbub/contract';
import { applyServerErrors } from '@/lib/api';
import { FieldError, mantineValidator, required } from '@/lib/forms';
import { useShake } from '@/lib/ui';
import { useRegister } from '../api/register';
import { emailRules, newPasswordRules } from '../api/validation';
import { signInPath } from '../sign-in-links';

interface RegisterFormProps {
  /** Where the person was going: verifying in this browser takes them there, and the sign-in link keeps it. */
  redirect?: string | null;
  onSuccess: (result: RegistrationResult) => void;
}

export function RegisterForm({ redirect, onSuccess }: RegisterFormProps) {
  const register = useRegister(safeReturnPath(redirect));
  const [message, setMessage] = useState<string | null>(null);
  const shake = useShake();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '' },
    validate: {
      name: mantineValidator([
        required('Name is required.'),
        (v) => String(v).trim().length <= 100 || 'Name must be at most 100 characters.',
      ]),
      email: mantineValidator(emailRules),
      password: mantineValidator(newPasswordRules),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      onSuccess(await register.mutateAsync({ name: values.name.trim(), email: values.email.trim(), password: values.password }));
    } catch (error) {
      setMessage(applyServerErrors(error, form, ['name', 'email', 'password']));
      shake.shake();
    }
  });

  return (
    <form onSubmit={submit} noValidate className={shake.className}>
      <Stack gap="md">
        <FieldError message={message} title="Could not create the account" />
        <TextInput label="Name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
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
          description={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          Create account
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={signInPath({ redirect })} fw={600}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
