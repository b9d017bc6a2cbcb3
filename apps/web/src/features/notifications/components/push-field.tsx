import { useEffect, useState } from 'react';
import { Stack, Switch, Text } from '@mantine/core';
import { notify, problemMessage } from '@/lib/ui';
import { PushRefused, currentSubscription, pushSupported, useTogglePush } from '../api/push';

/** "Notifications in this browser": the same alerts and reminders as the emails, as web push. */
export function PushField({ devices }: { devices: number | undefined }) {
  const toggle = useTogglePush();
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void currentSubscription().then((s) => live && setOn(Boolean(s)));
    return () => {
      live = false;
    };
  }, []);
  if (!pushSupported()) {
    return (
      <Text size="sm" c="dimmed">
        This browser cannot show notifications from Hubbub; the emails still come.
      </Text>
    );
  }
  const others = Math.max(0, (devices ?? 0) - (on ? 1 : 0));
  return (
    <Stack gap={2}>
      <Switch
        label="Notifications in this browser"
        description="The same alerts and reminders as the emails, shown by this browser even when Hubbub is closed."
        checked={Boolean(on)}
        disabled={on === null || toggle.isPending}
        data-testid="push-switch"
        onChange={(e) => {
          const next = e.currentTarget.checked;
          toggle.mutate(next, {
            onSuccess: () => {
              setOn(next);
              notify.success(next ? 'This browser will show Hubbub’s notifications.' : 'This browser will no longer show Hubbub’s notifications.');
            },
            onError: (error) => notify.error(error instanceof PushRefused ? error.message : problemMessage(error)),
          });
        }}
      />
      {others > 0 && (
        <Text size="xs" c="dimmed">
          Also on in {others} other browser{others === 1 ? '' : 's'}.
        </Text>
      )}
    </Stack>
  );
}
