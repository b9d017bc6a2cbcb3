import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LiveDot } from '@/components/phase-badge';

/** At the top of a live event's page: the buzz is on now, one click away. */
export function LiveBanner({ eventId, isHost }: { eventId: string; isHost: boolean }) {
  return (
    <Paper radius="md" p="md" bg="red.9" c="white" component="section" aria-labelledby="live-banner-title" data-testid="live-banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <LiveDot />
          <Stack gap={0}>
            <Text fw={700} fz="lg" id="live-banner-title">
              Live now
            </Text>
            <Text size="sm">{isHost ? 'Your buzz is running: flyers you launch appear for everyone watching.' : 'The host is running the buzz: flyers appear the moment they launch them.'}</Text>
          </Stack>
        </Group>
        <Button component={Link} to={`/buzz/${eventId}`} variant="white" c="red.9" leftSection={<IconBroadcast size={18} aria-hidden />} data-testid="watch-buzz">
          {isHost ? 'Open the buzz' : 'Watch the buzz'}
        </Button>
      </Group>
    </Paper>
  );
}
