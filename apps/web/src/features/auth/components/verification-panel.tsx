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
import { signInPath } from '../sign-in-links';

interface VerificationPanelProps {
  /** The long token from the emailed link: verified as soon as the page opens. */
  token?: string | null;
  email?: string | null;
  /** Where the person was going, when the address says (the sign-in link keeps it). */
  redirect?: string | null;
  /** This browser registered, so the verification signed it in: go on to `to`. */
  onSignedIn: (to: string) => void;
}

/** Verified in another browser than the one that registered: signing in is one step away, email filled in. */
function Verified({ result, email, redirect }: { result: VerifyResult; email?: string | null; redirect?: string | null }) {
  const address = result.email || email || '';
  return (
    <Stack gap="md" align="stretch">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} title="Your account is verified">
        {address ? `${address} is confirmed. Sign in to continue.` : 'Sign in to continue.'}
      </Alert>
      <Button component={Link} to={signInPath({ email: address, redirect })} fullWidth>
        Go to sign in
      </Button>
    </Stack>
  );
}

export function VerificationPanel({ token, email, redirect, onSignedIn }: VerificationPanelProps) {
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
      const { result: verified, signedInTo } = await verify.mutateAsync(secret);
      if (signedInTo) onSignedIn(signedInTo);
      else setResult(verified);
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

  if (result) return <Verified result={result} email={email} redirect={redirect} />;

  // Signed in: the page goes on to where the person was going; until then, say what is happening.
  if (verify.isSuccess) {
    return (
      <Stack align="center" gap="sm" py="md" role="status">
        <Loader />
        <Text>Verified. Signing you in…</Text>
      </Stack>
    );
  }

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
          <Anchor component={Link} to={signInPath({ email, redirect })} size="sm">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
