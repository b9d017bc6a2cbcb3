import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EXTERNAL_PROVIDER_LABELS, type ExternalLogin } from '@hubbub/contract';
import { ProblemWithWayBack } from '@/components/problem-with-way-back';
import { problemMessage } from '@/lib/ui';
import { useCompleteExternalLogin } from '../api/external-login';

/** The callback page's sign-in: posts the provider's answer once, then goes where the person was going. */
export function ExternalSignInPanel({ body }: { body: ExternalLogin }) {
  const complete = useCompleteExternalLogin();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  // The code works once: StrictMode's double effect must not post it twice.
  const sent = useRef(false);

  // The mutation and navigate are read when the answer arrives, not reasons to post it again.
  const send = useEffectEvent((answer: ExternalLogin) =>
    complete.mutateAsync(answer).then(
      (returnTo) => void navigate(returnTo, { replace: true }),
      (error: unknown) => setMessage(problemMessage(error)),
    ),
  );
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void send(body);
  }, [body]);

  const label = EXTERNAL_PROVIDER_LABELS[body.provider];
  if (message) return <ProblemWithWayBack title={`Could not sign in with ${label}`} message={message} back={{ to: '/login', label: 'Back to sign in' }} />;
  return (
    <Stack align="center" gap="sm" py="md" role="status">
      <Loader />
      <Text>Signing you in with {label}…</Text>
    </Stack>
  );
}
