import { useMemo } from 'react';
import { useParams } from 'react-router';
import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ProjectDocument } from '@hubbub/contract';
import { hasCode } from '@/lib/api';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
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

  const show = (data: ProjectDocument) =>
    // Someone else's public document: read only.
    data.userId !== user?.id ? (
      <Container size="md" py="lg">
        <Stack gap="md">
          <Title order={1}>{data.title}</Title>
          <DocumentReader contentJson={data.contentJson} label={data.title} />
        </Stack>
      </Container>
    ) : (
      <DocumentWorkspace key={data.id} doc={data} events={events} />
    );
  return (
    <QueryState
      query={doc}
      loading={<PageLoader />}
      // A malformed id is as much "not found" as a missing one; either way the panel sits in a narrow frame.
      error={(error, retry) => (
        <Container size="sm" py="xl">
          {hasCode(error, 'not_found', 'validation') ? (
            <NotFoundPanel title="Document not found" message="It was deleted, or it is not yours to see." />
          ) : (
            <ErrorPanel error={error} onRetry={retry} />
          )}
        </Container>
      )}
    >
      {show}
    </QueryState>
  );
}
