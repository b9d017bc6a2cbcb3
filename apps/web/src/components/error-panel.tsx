import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { problemMessage } from '@/lib/ui';

/** A failed load, with the server's explanation and a way to try again. */
export function ErrorPanel({ error, title = 'Could not load this', onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
      {problemMessage(error)}
      {onRetry && (
        <Group mt="sm">
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
