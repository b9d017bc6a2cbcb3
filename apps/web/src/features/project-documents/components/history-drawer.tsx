import { useState } from 'react';
import { Alert, Button, Divider, Drawer, Group, Loader, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconRestore } from '@tabler/icons-react';
import { formatDateTime, formatNumber, type ProjectDocument } from '@hubbub/contract';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useRestoreRevision, useRevision, useRevisions } from '../api/revisions';
import { DocumentReader } from './document-reader';

interface HistoryDrawerProps {
  opened: boolean;
  onClose: () => void;
  documentId: string;
  currentVersion: number;
  /** True while something typed here is not saved: a restore would replace it. */
  hasUnsaved: () => boolean;
  onRestored: (doc: ProjectDocument) => void;
}

/** The kept versions, newest first; one can be read and made the newest again (the one it replaces is kept too). */
export function HistoryDrawer({ opened, onClose, documentId, currentVersion, hasUnsaved, onRestored }: HistoryDrawerProps) {
  const revisions = useRevisions(documentId, opened);
  const [selected, setSelected] = useState<number | null>(null);
  const revision = useRevision(documentId, selected);
  const restore = useRestoreRevision();

  const restoreSelected = async () => {
    if (selected === null) return;
    if (hasUnsaved() && !(await confirm({ title: 'Replace your unsaved changes?', message: 'What you typed since the last save is replaced by the restored version.', confirmLabel: 'Restore', danger: true }))) return;
    restore.mutate(
      { id: documentId, version: selected },
      {
        onSuccess: (doc) => {
          notify.success(`Version ${selected} restored as version ${doc.version}.`);
          setSelected(null);
          onRestored(doc);
          onClose();
        },
        onError: (error) => notifyProblem(error, 'The version could not be restored'),
      },
    );
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={<Group gap="xs"><IconHistory size={18} aria-hidden /><Text fw={600}>History</Text></Group>}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each save keeps the version it replaces (the last 50). You are at version {currentVersion}.
        </Text>
        {revisions.isPending && <Loader size="sm" />}
        {revisions.isError && <Alert color="red">The history could not be loaded.</Alert>}
        {revisions.data?.length === 0 && <Text size="sm">No earlier versions yet: they appear here after the next save.</Text>}
        {!!revisions.data?.length && (
          <ScrollArea.Autosize mah={240} type="auto">
            <Stack gap={0} data-testid="revision-list">
              {revisions.data.map((r) => (
                <NavLink
                  key={r.version}
                  active={r.version === selected}
                  onClick={() => setSelected(r.version)}
                  label={`Version ${formatNumber(r.version)} · ${r.title}`}
                  description={formatDateTime(r.created)}
                  data-testid="revision-item"
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {selected !== null && (
          <>
            <Divider />
            <Group justify="space-between">
              <Title order={3} fz="md">
                Version {selected}
                {revision.data ? `: ${revision.data.title}` : ''}
              </Title>
              <Button leftSection={<IconRestore size={16} aria-hidden />} onClick={() => void restoreSelected()} loading={restore.isPending} disabled={!revision.data}>
                Restore this version
              </Button>
            </Group>
            {revision.isPending && <Loader size="sm" />}
            {revision.data && <DocumentReader contentJson={revision.data.contentJson} label={`Version ${selected}`} />}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
