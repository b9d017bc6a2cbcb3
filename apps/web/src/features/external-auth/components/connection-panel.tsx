import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { EXTERNAL_PROVIDER_LABELS, type ExternalLogin } from '@hubbub/contract';
import { ProblemWithWayBack } from '@/components/problem-with-way-back';
import { notify, problemMessage } from '@/lib/ui';
import { SETTINGS_PATH, useCompleteConnection } from '../api/connected-accounts';

/** The callback page's connection: posts the provider's answer once, then back to Settings. */
export function ConnectionPanel({ body }: { body: ExternalLogin }) {
  const complete = useCompleteConnection();
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | null>(null);
  const sent = useRef(false);
  const label = EXTERNAL_PROVIDER_LABELS[body.provider];

  // The mutation, label and navigate are read when the answer arrives, not reasons to post it again.
  const send = useEffectEvent((answer: ExternalLogin) =>
    complete.mutateAsync(answer).then(
      () => {
        notify.success(`${label} is connected: you can sign in with it now.`);
        void navigate(SETTINGS_PATH, { replace: true });
      },
      (error: unknown) => setMessage(problemMessage(error)),
    ),
  );
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void send(body);
  }, [body]);

  if (message) return <ProblemWithWayBack title={`Could not connect ${label}`} message={message} back={{ to: SETTINGS_PATH, label: 'Back to Settings' }} />;
  return (
    <Stack align="center" gap="sm" py="md" role="status">
      <Loader />
      <Text>Connecting {label}…</Text>
    </Stack>
  );
}
