import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@hubbub/contract';
import { applyServerErrors, hasCode } from '@/lib/api';
import { FieldError, mantineValidator, required } from '@/lib/forms';
import { useShake } from '@/lib/ui';
import { useResetPassword } from '../api/reset-password';
import { codeRules, newPasswordRules, normaliseCode } from '../api/validation';

/** With a code from the link the field is hidden; otherwise the emailed code is typed. */
export function ResetPasswordForm({ linkCode }: { linkCode?: string | null }) {
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const shake = useShake();
  const [useTypedCode, setUseTypedCode] = useState(!linkCode);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '', password: '', confirm: '' },
    validate: {
      code: (value) => (useTypedCode ? mantineValidator(codeRules)(value) : null),
      password: mantineValidator(newPasswordRules),
      confirm: (value, values) =>
        mantineValidator([required('Repeat the new password.')])(value) ??
        (value === values.password ? null : 'The passwords do not match.'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    const code = useTypedCode ? normaliseCode(values.code) : linkCode!;
    try {
      setDone((await reset.mutateAsync({ code, password: values.password })).message);
    } catch (error) {
      setMessage(applyServerErrors(error, form, ['password']));
      shake.shake();
      // A dead link leaves the typed code as the way forward; other failures keep the link's code.
      if (!useTypedCode && hasCode(error, 'code_invalid')) setUseTypedCode(true);
    }
  });

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} title="Password changed">
          {done}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate className={shake.className}>
      <Stack gap="md">
        <FieldError message={message} title="Could not reset the password" />
        {useTypedCode ? (
          <TextInput
            label="Reset code"
            description="The 6-character code from the reset email"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            styles={{ input: { letterSpacing: '0.2em', textTransform: 'uppercase', fontFamily: 'monospace' } }}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
        ) : (
          <Alert color="violet" variant="light" icon={<IconLink size={18} aria-hidden />}>
            Using the code from your email link.
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Set new password
        </Button>
        <Anchor component={Link} to="/password/forgot" size="sm" ta="center">
          Need a new code?
        </Anchor>
      </Stack>
    </form>
  );
}
