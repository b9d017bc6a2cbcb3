import { Link } from 'react-router';
import { ActionIcon, Anchor, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconDots, IconFileTypeHtml, IconHistory, IconMarkdown, IconTrash } from '@tabler/icons-react';
import type { SaveStatus } from '../editor/autosave';
import { SaveStatusLabel } from './save-status';

interface DocumentHeaderProps {
  status: SaveStatus;
  onHistory: () => void;
  downloads: { markdown: () => void; html: () => void; hasHtml: boolean };
  onDelete: () => void;
}

/** The way back to the list, what the autosave is doing, the history, the downloads and delete. */
export function DocumentHeader({ status, onHistory, downloads, onDelete }: DocumentHeaderProps) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/documents" size="sm" c="dimmed">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          Documents
        </Group>
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <SaveStatusLabel status={status} />
        <Tooltip label="History">
          <ActionIcon variant="default" size="lg" aria-label="History" onClick={onHistory}>
            <IconHistory size={18} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="More actions" data-testid="document-menu">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Download</Menu.Label>
            <Menu.Item leftSection={<IconMarkdown size={16} aria-hidden />} onClick={downloads.markdown}>
              Markdown (.md)
            </Menu.Item>
            <Menu.Item leftSection={<IconFileTypeHtml size={16} aria-hidden />} onClick={downloads.html} rightSection={downloads.hasHtml ? undefined : <Text size="xs" c="dimmed">add-on</Text>}>
              One HTML file
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
              Delete…
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
