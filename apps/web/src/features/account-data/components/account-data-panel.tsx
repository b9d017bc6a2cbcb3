import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { notify, notifyProblem } from '@/lib/ui';
import { useDownloadMyData } from '../api/export';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Settings → Your data: take a copy of everything, or leave for good. */
export function AccountDataPanel() {
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  const [serial, setSerial] = useState(0);
  return (
    <Stack gap={6} component="section" aria-labelledby="my-data-label">
      <Text fw={600} id="my-data-label">
        Your data
      </Text>
      <Text size="sm" c="dimmed" maw={560}>
        One JSON file with your profile, events, flyers, documents, links and follows.
      </Text>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: (name) => notify.success(`Saved as ${name}.`),
              onError: (error) => notifyProblem(error, 'Your data could not be downloaded'),
            })
          }
          data-testid="download-my-data"
        >
          Download my data
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md" mt="sm" maw={560} style={{ borderColor: 'var(--mantine-color-red-6)' }} component="section" aria-labelledby="danger-zone-label">
        <Stack gap="xs">
          <Text fw={600} c="red" id="danger-zone-label">
            Danger zone
          </Text>
          <Text size="sm">Deleting your account removes it and everything you made on Hubbub. It cannot be undone.</Text>
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => {
                setSerial((n) => n + 1);
                setDeleting(true);
              }}
              data-testid="delete-my-account"
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Paper>
      <DeleteAccountDialog key={serial} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
