import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { hasCode } from '@/lib/api';
import { problemMessage } from '@/lib/ui';
import { useUnsubscribe } from '../api/unsubscribe';

function SettingsHint() {
  return (
    <Text size="sm" c="dimmed">
      You can change every email Hubbub sends you in{' '}
      <Anchor component={Link} to="/account/settings" inherit>
        Settings
      </Anchor>{' '}
      (after signing in).
    </Text>
  );
}

/**
 * The page an email's unsubscribe link opens. It asks for a click rather than acting on opening:
 * mail systems fetch the links in a message to check them, and that must not unsubscribe anyone.
 * (Mail apps' own one-click unsubscribe posts to the server directly.)
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribe();
  const result = useRef<HTMLDivElement>(null);
  // The button goes away on success: the keyboard's focus moves to what replaced it.
  useEffect(() => {
    if (unsubscribe.isSuccess) result.current?.focus();
  }, [unsubscribe.isSuccess]);
  // A bad or tampered link stays bad: trying again is no use, only other network or server troubles.
  const hopeless = hasCode(unsubscribe.error, 'code_invalid', 'validation');

  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {!token ? (
          <Alert color="orange" variant="light" title="This link is incomplete" icon={<IconLinkOff size={20} aria-hidden />}>
            <Text size="sm" data-testid="unsubscribe-result" data-status="missing">
              This page needs the whole unsubscribe link from a Hubbub email, and the code at its end is missing. Open the link from the email again, or copy all of it into
              the address bar.
            </Text>
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert ref={result} tabIndex={-1} color="green" variant="light" title="Unsubscribed" icon={<IconCircleCheck size={20} aria-hidden />}>
            <Text size="sm" data-testid="unsubscribe-result" data-status="done">
              {unsubscribe.data.message}
            </Text>
          </Alert>
        ) : (
          <>
            <Text>Stop the emails this link came from? Only what that email was about stops: one calendar’s alerts, or your event reminders.</Text>
            {unsubscribe.isError && (
              <Alert color="red" variant="light" title="Could not unsubscribe" icon={<IconAlertTriangle size={20} aria-hidden />}>
                <Text size="sm" data-testid="unsubscribe-result" data-status="error">
                  {problemMessage(unsubscribe.error)}
                </Text>
              </Alert>
            )}
            {!hopeless && (
              <Button onClick={() => unsubscribe.mutate(token)} loading={unsubscribe.isPending} fullWidth>
                Unsubscribe
              </Button>
            )}
          </>
        )}
        <SettingsHint />
      </Stack>
    </Paper>
  );
}
