import { Alert, Anchor, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconEdit, IconExternalLink, IconPhotoHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { publicEventPath, type HubEvent } from '@hubbub/contract';

/**
 * Right after quick create: the event is live, here is its public page (anyone can open it without
 * an account), and what to add next. Only the host sees it, on the event's page.
 */
export function PublishedPanel({ event }: { event: HubEvent }) {
  const path = publicEventPath(event.slug);
  const url = `${window.location.origin}${path}`;
  return (
    <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} title="Your event is published" data-testid="published-panel">
      <Stack gap="xs">
        <Text size="sm">Anyone can open its public page, no account needed:</Text>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor href={path} target="_blank" rel="noopener" size="sm" fw={600} data-testid="public-page-link" style={{ overflowWrap: 'anywhere' }}>
            {url}
            <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2, marginLeft: 4 }} />
          </Anchor>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy} leftSection={copied ? <IconCheck size={12} aria-hidden /> : <IconCopy size={12} aria-hidden />} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">Next, when you like: a venue, a description and tags, documents, and flyers for the buzz.</Text>
        <Group gap="xs">
          <Button component={Link} to={`/event/${event.id}/edit`} size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />}>
            Add details
          </Button>
          <Button component={Link} to={`/event/${event.id}/flyers`} size="xs" variant="default" leftSection={<IconPhotoHeart size={14} aria-hidden />}>
            Design flyers
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
