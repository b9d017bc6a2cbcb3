import { lazy, Suspense } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconMarkdown } from '@tabler/icons-react';
import { notify } from '@/lib/ui';
import { useEventDocuments } from '../api/event-documents';

// The editor's schema and renderer load only for events that have documents.
const DocumentReader = lazy(() => import('./document-reader').then((m) => ({ default: m.DocumentReader })));
const saveMarkdown = async (doc: { title: string; contentJson: string }) => {
  const { downloadDocumentMarkdown } = await import('../api/download-document');
  notify.success(`Saved “${downloadDocumentMarkdown(doc)}”.`);
};

/** An event's public documents as readable sections of its page (nothing when it has none). */
export function EventDocuments({ eventId }: { eventId: string }) {
  const docs = useEventDocuments(eventId);
  if (!docs.data?.length) return null;
  return (
    <Stack gap="md" component="section" aria-label="Documents">
      {docs.data.map((doc) => (
        <Paper key={doc.id} withBorder radius="md" p="md" data-testid="event-document" component="article" aria-label={doc.title}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} fz="lg">
                {doc.title}
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMarkdown size={16} aria-hidden />}
                onClick={() => void saveMarkdown(doc)}
              >
                Markdown
              </Button>
            </Group>
            <Suspense fallback={<Skeleton h={80} />}>
              <DocumentReader contentJson={doc.contentJson} label={doc.title} />
            </Suspense>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
