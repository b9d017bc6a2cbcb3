import { ActionIcon, CopyButton, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconWorldShare } from '@tabler/icons-react';
import { usePersonHandle } from '../api/person-handle';

/**
 * How to follow a host from Mastodon or any fediverse app: their handle, to search for there.
 * Nothing shows for someone without one (they host no public event, or the site does not federate).
 */
export function PersonHandle({ personId }: { personId: string }) {
  const handle = usePersonHandle(personId).data?.handle;
  if (!handle) return null;
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="person-fediverse">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconWorldShare size={20} aria-hidden style={{ flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm">Follow their events from Mastodon or any fediverse app:</Text>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="person-fediverse-handle">
              {handle}
            </Text>
          </div>
        </Group>
        <CopyButton value={handle}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy the handle'} withArrow>
              <ActionIcon variant="default" size="lg" onClick={copy} aria-label={copied ? 'Handle copied' : 'Copy the handle'}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
