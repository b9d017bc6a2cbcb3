import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { VerifyResult } from '@hubbub/contract';
import { FieldError, mantineValidator } from '@/lib/forms';
import { problemMessage } from '@/lib/ui';
import { useVerifyAccount } from '../api/verify';
import { codeRules, normaliseCode } from '../api/validation';

interface VerificationPanelProps {
  /** The long token from the emailed link: verified as soon as the page opens. */
  token?: string | null;
  email?: string | null;
}

function Verified({ result, email }: { result: VerifyResult; email?: string | null }) {
  const address = result.email || email || '';
  return (
    <Stack gap="md" align="stretch">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} title="Your account is verified">
        {address ? `${address} is confirmed. You can sign in now.` : 'You can sign in now.'}
      </Alert>
      <Button component={Link} to={address ? `/login?email=${encodeURIComponent(address)}` : '/login'} fullWidth>
        Go to sign in
      </Button>
    </Stack>
  );
}

export function VerificationPanel({ token, email }: VerificationPanelProps) {
  const verify = useVerifyAccount();
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A link token works once: StrictMode's double effect must not spend it twice.
  const tried = useRef<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: { code: mantineValidator(codeRules) },
  });

  const run = async (secret: string) => {
    setMessage(null);
    try {
      setResult(await verify.mutateAsync(secret));
    } catch (error) {
      setMessage(problemMessage(error));
    }
  };

  // Only a new link token verifies again; run() is read as it is when the token comes.
  const runForLink = useEffectEvent((secret: string) => void run(secret));
  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    runForLink(token);
  }, [token]);

  if (result) return <Verified result={result} email={email} />;

  if (token && verify.isPending) {
    return (
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader />
        <Text>Checking your verification link…</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => run(normaliseCode(values.code)))} noValidate>
      <Stack gap="md">
        {token && message ? (
          <FieldError
            message={`${message} You can still type the 6-character code from the email below.`}
            title="The link did not work"
          />
        ) : (
          <>
            <Alert color="violet" variant="light" icon={<IconMailOpened size={20} aria-hidden />}>
              {email ? (
                <>
                  We sent a verification email to <strong>{email}</strong>. Open its link, or type the code it contains.
                </>
              ) : (
                'Open the link in the verification email, or type the code it contains.'
              )}
            </Alert>
            <FieldError message={message} title="Could not verify" />
          </>
        )}
        <TextInput
          label="Verification code"
          description="6 letters and digits, for example 7KQ2ZD"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          styles={{ input: { letterSpacing: '0.2em', textTransform: 'uppercase', fontFamily: 'monospace' } }}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
        <Text size="sm" c="dimmed" ta="center">
          No email? Check your spam folder. Signing in with an unverified account sends a new code.{' '}
          <Anchor component={Link} to="/login" size="sm">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
