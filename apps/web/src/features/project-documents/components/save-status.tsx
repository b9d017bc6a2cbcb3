import { Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudOff } from '@tabler/icons-react';
import { formatTime } from '@hubbub/contract';
import type { SaveStatus } from '../editor/autosave';

const LOOK: Record<SaveStatus['kind'], { color: string; label: string }> = {
  saved: { color: 'dimmed', label: 'Saved' },
  pending: { color: 'dimmed', label: 'Saving…' },
  saving: { color: 'dimmed', label: 'Saving…' },
  offline: { color: 'orange', label: 'Offline: kept here, saving when back' },
  conflict: { color: 'red', label: 'Changed elsewhere' },
  invalid: { color: 'red', label: 'Not saved' },
  failed: { color: 'red', label: 'Not saved yet, trying again' },
};

/** Where the person's words are: saved, on their way, kept here while offline, or why not saved. */
export function SaveStatusLabel({ status }: { status: SaveStatus }) {
  const look = LOOK[status.kind];
  const icon =
    status.kind === 'saved' ? (
      <IconCheck size={14} aria-hidden />
    ) : status.kind === 'pending' || status.kind === 'saving' ? (
      <Loader size={12} />
    ) : status.kind === 'offline' ? (
      <IconCloudOff size={14} aria-hidden />
    ) : (
      <IconAlertTriangle size={14} aria-hidden />
    );
  const detail = status.kind === 'saved' && status.at ? `Saved ${formatTime(status.at)}` : status.kind === 'invalid' || status.kind === 'failed' ? status.message : undefined;
  const label = (
    <Group gap={4} wrap="nowrap" c={look.color} role="status" aria-live="polite" data-testid="save-status" data-status={status.kind}>
      {icon}
      <Text size="sm" c={look.color} span>
        {status.kind === 'invalid' ? status.message : look.label}
      </Text>
    </Group>
  );
  return detail && status.kind !== 'invalid' ? <Tooltip label={detail}>{label}</Tooltip> : label;
}
