import '@mantine/tiptap/styles.css';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Container, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { DOCUMENT_TITLE_MAX, type ProjectDocument } from '@hubbub/contract';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { getDocument } from '../api';
import { useDeleteDocument } from '../api/save-document';
import { useDocumentDownloads } from './use-document-downloads';
import { useDocumentDraft } from './use-document-draft';
import { ConflictDialog } from './conflict-dialog';
import { DocumentHeader } from './document-header';
import { DocumentMetaFields, type EventOption } from './document-meta-fields';
import { DocumentToolbar } from './document-toolbar';
import { HistoryDrawer } from './history-drawer';

interface DocumentWorkspaceProps {
  doc: ProjectDocument;
  /** The owner's events, for the link (a document belongs to one of them, or none). */
  events: EventOption[] | undefined;
}

/** The document's screen: title, event and visibility, the editor with autosave, history, downloads and delete. */
export function DocumentWorkspace({ doc, events }: DocumentWorkspaceProps) {
  const navigate = useNavigate();
  const draft = useDocumentDraft(doc);
  const { title, editor, saver, status } = draft;
  const [historyOpen, setHistoryOpen] = useState(false);
  const [resolving, setResolving] = useState(false);

  const reloadTheirs = async () => {
    setResolving(true);
    try {
      draft.show(await getDocument(doc.id));
    } catch (error) {
      notifyProblem(error, 'The other version could not be loaded');
    } finally {
      setResolving(false);
    }
  };

  const keepMine = async () => {
    if (status.kind !== 'conflict') return;
    setResolving(true);
    try {
      await saver.keepMine(status.currentVersion);
    } finally {
      setResolving(false);
    }
  };

  const remove = useDeleteDocument();
  const deleteDoc = async () => {
    const ok = await confirm({ title: 'Delete this document?', message: `“${title}” and its history are deleted for good.`, confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    remove.mutate(doc.id, {
      onSuccess: () => {
        saver.dispose();
        notify.success('Document deleted.');
        void navigate('/documents');
      },
      onError: (error) => notifyProblem(error, 'The document could not be deleted'),
    });
  };

  const downloads = useDocumentDownloads({ id: doc.id, title, contentJson: draft.contentJson });

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <DocumentHeader status={status} onHistory={() => setHistoryOpen(true)} downloads={downloads} onDelete={() => void deleteDoc()} />

        {/* The title field looks like the heading; screen readers and the outline get a real one. */}
        <VisuallyHidden component="h1">{title || 'Untitled document'}</VisuallyHidden>
        <TextInput
          aria-label="Title"
          variant="unstyled"
          placeholder="Untitled document"
          value={title}
          maxLength={DOCUMENT_TITLE_MAX}
          styles={{ input: { fontSize: 30, fontWeight: 700, height: 'auto', lineHeight: 1.25 } }}
          onChange={(event) => draft.change({ title: event.currentTarget.value })}
        />

        <DocumentMetaFields events={events} eventId={draft.eventId} visibility={draft.visibility} onChange={draft.change} />

        <RichTextEditor editor={editor} data-testid="document-editor">
          {editor && <DocumentToolbar editor={editor} documentId={doc.id} />}
          <RichTextEditor.Content aria-label="Document text" mih={360} />
        </RichTextEditor>
      </Stack>

      <ConflictDialog
        opened={status.kind === 'conflict'}
        currentVersion={status.kind === 'conflict' ? status.currentVersion : 0}
        busy={resolving}
        onReload={() => void reloadTheirs()}
        onKeepMine={() => void keepMine()}
      />
      <HistoryDrawer opened={historyOpen} onClose={() => setHistoryOpen(false)} documentId={doc.id} currentVersion={saver.getVersion()} hasUnsaved={saver.hasUnsaved} onRestored={draft.show} />
    </Container>
  );
}
