import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ReasonField } from './reason-field';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  /** Paints the confirm button red, for what cannot be undone easily. */
  danger?: boolean;
}

/** Every admin action asks why (moderation, the fediverse blocks): the reason goes in the audit log. */
export function ReasonDialog({ opened, title, description, confirmLabel, busy, error, onCancel, onConfirm, danger = false }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const ok = reason.trim().length >= 3;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ok) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm" component="div">
            {description}
          </Text>
          <ReasonField value={reason} onChange={setReason} error={error} autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ok} loading={busy} color={danger ? 'red' : undefined}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
