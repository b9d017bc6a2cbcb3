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

/**
 * Says, quietly, that the street map could not be reached and the built-in map stands in: a
 * polite status beside the credits, never over the map's middle and never a toast.
 */
export function MapFallbackNote({ overlay = true }: { overlay?: boolean }) {
  return (
    <Text
      size="xs"
      role="status"
      data-testid="map-fallback-note"
      c="var(--mantine-color-text)"
      px={6}
      maw={overlay ? '45%' : undefined}
      pos={overlay ? 'absolute' : undefined}
      bottom={overlay ? 0 : undefined}
      left={overlay ? 0 : undefined}
      mt={overlay ? undefined : 4}
      style={overlay ? { background: 'color-mix(in srgb, var(--mantine-color-body) 85%, transparent)', borderTopRightRadius: 4, zIndex: 2 } : undefined}
    >
      Street map unavailable; basic map shown
    </Text>
  );
}
