import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { problemMessage } from '@/lib/ui';

/** Shown while the map library or basemap loads, sized like the map it stands in for. */
export function MapLoading({ height = '100%' }: { height?: number | string }) {
  return (
    <Center h={height} bg="var(--mantine-color-default-hover)" role="status" aria-label="Loading the map">
      <Loader size="sm" />
    </Center>
  );
}

export function MapFailed({ error, onRetry, height = '100%' }: { error: unknown; onRetry?: () => void; height?: number | string }) {
  return (
    <Center h={height} bg="var(--mantine-color-default-hover)" p="md">
      <Stack align="center" gap="xs" role="alert">
        <Text fw={600}>The map could not load.</Text>
        <Text size="sm" c="dimmed" ta="center">
          {problemMessage(error)}
        </Text>
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}
