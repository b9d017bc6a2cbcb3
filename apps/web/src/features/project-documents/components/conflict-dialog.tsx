import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConflictDialogProps {
  opened: boolean;
  currentVersion: number;
  busy: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}

/** Saved elsewhere while edited here: the person chooses, and nothing is lost either way (the other version stays in the history). */
export function ConflictDialog({ opened, currentVersion, busy, onReload, onKeepMine }: ConflictDialogProps) {
  return (
    <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="This document changed elsewhere" centered>
      <Stack gap="md" data-testid="conflict-dialog">
        <Text size="sm">
          Another tab or device saved version {currentVersion} while you were editing here. Your changes are not saved yet.
        </Text>
        <Text size="sm" c="dimmed">
          Keep yours to save them as the newest version; the other one stays in the history. Or load the other version and drop what you typed here.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload} disabled={busy}>
            Load the other version
          </Button>
          <Button onClick={onKeepMine} loading={busy}>
            Keep mine
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
