import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasCode } from '@/lib/api';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { useSessionUser } from '@/lib/session';
import { useDocument } from '@/features/project-documents/api';
import { DocumentWorkspace } from '@/features/project-documents/components/document-workspace';
import { DocumentReader } from '@/features/project-documents/components/document-reader';
import { useMyEvents } from '@/features/events/api/my-events';

export default function DocumentRoute() {
  const { id = '' } = useParams();
  const user = useSessionUser();
  const doc = useDocument(id);
  const myEvents = useMyEvents();
  const events = useMemo(() => myEvents.data?.events.map((e) => ({ value: e.id, label: e.name })), [myEvents.data]);
  useDocumentTitle(`${doc.data?.title ?? 'Document'} · Hubbub`);

  if (doc.isPending) return <PageLoader />;
  if (doc.isError) {
    return (
      <Container size="sm" py="xl">
        {hasCode(doc.error, 'not_found', 'validation') ? (
          <NotFoundPanel title="Document not found" message="It was deleted, or it is not yours to see." />
        ) : (
          <ErrorPanel error={doc.error} onRetry={() => void doc.refetch()} />
        )}
      </Container>
    );
  }
  // Someone else's public document: read only.
  if (doc.data.userId !== user?.id) {
    return (
      <Container size="md" py="lg">
        <Stack gap="md">
          <Title order={1}>{doc.data.title}</Title>
          <DocumentReader contentJson={doc.data.contentJson} label={doc.data.title} />
        </Stack>
      </Container>
    );
  }
  return <DocumentWorkspace key={doc.data.id} doc={doc.data} events={events} />;
}
