import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { originHost, type HubEvent } from '@hubbub/contract';

/**
 * In place of Going, for an event another server published (the site follows it): its list is
 * kept there, so the way to say Going, and the event as its host keeps it, is its page there.
 */
export function OriginPanel({ event }: { event: HubEvent & { origin: string } }) {
  const host = originHost(event.origin);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="event-origin-title" data-testid="origin-panel">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="event-origin-title">
          Going?
        </Title>
        <Text size="sm">
          This event comes from {host}, which this site follows. Say you&apos;re going, ask its host and see the latest on its page there.
        </Text>
        <Button component="a" href={event.origin} target="_blank" rel="noopener noreferrer nofollow" rightSection={<IconExternalLink size={16} aria-hidden />} data-testid="origin-going">
          Say you&apos;re going there
        </Button>
      </Stack>
    </Paper>
  );
}
