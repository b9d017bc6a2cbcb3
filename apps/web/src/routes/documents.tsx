import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Page } from '@/components/page';
import { notifyProblem } from '@/lib/ui';
import { useCreateDocument } from '@/features/project-documents/api';
import { DocumentsBrowser } from '@/features/project-documents/components/documents-browser';
import { useMyEvents } from '@/features/events/api/my-events';

export default function DocumentsRoute() {
  const navigate = useNavigate();
  const myEvents = useMyEvents();
  const events = useMemo(() => myEvents.data?.events.map((e) => ({ value: e.id, label: e.name })), [myEvents.data]);
  const create = useCreateDocument();
  const startNew = () =>
    create.mutate(
      { title: 'Untitled document' },
      { onSuccess: (doc) => void navigate(`/documents/${doc.id}`), onError: (error) => notifyProblem(error, 'The document could not be created') },
    );
  return (
    <Page
      title="Documents"
      description="Programmes, FAQs, run sheets and press kits: private while you draft, public on the event page when ready."
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={startNew} loading={create.isPending}>
          New document
        </Button>
      }
    >
      <DocumentsBrowser events={events} onCreate={startNew} />
    </Page>
  );
}
