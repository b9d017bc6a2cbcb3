import '@mantine/tiptap/styles.css';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Anchor, Box, Container, Group, Menu, SegmentedControl, Select, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconDots, IconFileTypeHtml, IconHistory, IconMarkdown, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DOCUMENT_TITLE_MAX, type DocumentVisibility, type ProjectDocument } from '@hubbub/contract';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { getDocument, updateDocument } from '../api';
import { applySavedDocument, useDeleteDocument } from '../api/save-document';
import { documentExtensions } from '../editor/extensions';
import { safeContent } from '../editor/safe-content';
import { useAutosave } from '../editor/use-autosave';
import type { Draft } from '../editor/autosave';
import { useDocumentDownloads } from './use-document-downloads';
import { ConflictDialog } from './conflict-dialog';
import { DocumentToolbar } from './document-toolbar';
import { HistoryDrawer } from './history-drawer';
import { SaveStatusLabel } from './save-status';

export interface EventOption {
  value: string;
  label: string;
}

interface DocumentWorkspaceProps {
  doc: ProjectDocument;
  /** The owner's events, for the link (a document belongs to one of them, or none). */
  events: EventOption[] | undefined;
}

const PLACEHOLDER = 'Write the programme, the FAQ, the run sheet, the vendor list…';

/** The document's screen: title, event and visibility, the editor with autosave, history, downloads and delete. */
export function DocumentWorkspace({ doc, events }: DocumentWorkspaceProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [title, setTitle] = useState(doc.title);
  const [eventId, setEventId] = useState<string | null>(doc.eventId);
  const [visibility, setVisibility] = useState<DocumentVisibility>(doc.visibility);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [resolving, setResolving] = useState(false);
  const content = useRef(doc.contentJson);
  const draft = (over: Partial<Draft> = {}): Draft => ({ title, contentJson: content.current, eventId, visibility, ...over });

  const { saver, status } = useAutosave({
    id: doc.id,
    version: doc.version,
    draft: { title: doc.title, contentJson: doc.contentJson, eventId: doc.eventId, visibility: doc.visibility },
    save: updateDocument,
    onSaved: (saved) => applySavedDocument(client, saved),
  });

  // The latest title, event and visibility, for the editor's update handler (bound once).
  const meta = useRef({ title, eventId, visibility });
  meta.current = { title, eventId, visibility };
  const editor = useEditor({
    extensions: documentExtensions({ editable: true, placeholder: PLACEHOLDER }),
    content: safeContent(doc.contentJson),
    shouldRerenderOnTransaction: true,
    // The editable area itself is the textbox screen readers land on: it needs its own name.
    editorProps: { attributes: { 'aria-label': 'Document text', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      content.current = JSON.stringify(e.getJSON());
      saver.change({ ...meta.current, contentJson: content.current });
    },
  });

  /** The editor shows exactly `next` (reloaded or restored), which is also what the server holds. */
  const show = (next: ProjectDocument) => {
    content.current = next.contentJson;
    editor?.commands.setContent(safeContent(next.contentJson), { emitUpdate: false });
    setTitle(next.title);
    setEventId(next.eventId);
    setVisibility(next.visibility);
    saver.reset(next);
    applySavedDocument(client, next);
  };

  const reloadTheirs = async () => {
    setResolving(true);
    try {
      show(await getDocument(doc.id));
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

  const downloads = useDocumentDownloads({ id: doc.id, title, contentJson: () => content.current });

  const changeMeta = (over: Partial<Draft>) => saver.change(draft(over));

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/documents" size="sm" c="dimmed">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              Documents
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <SaveStatusLabel status={status} />
            <Tooltip label="History">
              <ActionIcon variant="default" size="lg" aria-label="History" onClick={() => setHistoryOpen(true)}>
                <IconHistory size={18} />
              </ActionIcon>
            </Tooltip>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More actions" data-testid="document-menu">
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Download</Menu.Label>
                <Menu.Item leftSection={<IconMarkdown size={16} aria-hidden />} onClick={downloads.markdown}>
                  Markdown (.md)
                </Menu.Item>
                <Menu.Item leftSection={<IconFileTypeHtml size={16} aria-hidden />} onClick={downloads.html} rightSection={downloads.hasHtml ? undefined : <Text size="xs" c="dimmed">add-on</Text>}>
                  One HTML file
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void deleteDoc()}>
                  Delete…
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>

        {/* The title field looks like the heading; screen readers and the outline get a real one. */}
        <VisuallyHidden component="h1">{title || 'Untitled document'}</VisuallyHidden>
        <TextInput
          aria-label="Title"
          variant="unstyled"
          placeholder="Untitled document"
          value={title}
          maxLength={DOCUMENT_TITLE_MAX}
          styles={{ input: { fontSize: 30, fontWeight: 700, height: 'auto', lineHeight: 1.25 } }}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            changeMeta({ title: event.currentTarget.value });
          }}
        />

        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Event"
            placeholder={events?.length === 0 ? 'You have no events yet' : 'Not linked to an event'}
            data={events ?? []}
            value={eventId}
            clearable
            searchable
            nothingFoundMessage="No event of yours has this name"
            w={{ base: '100%', xs: 280 }}
            onChange={(value) => {
              // Unlinked, a document cannot stay public: there is no page to show it on.
              const nextVisibility = value ? visibility : 'private';
              setEventId(value);
              setVisibility(nextVisibility);
              changeMeta({ eventId: value, visibility: nextVisibility });
            }}
          />
          <Box>
            <Text size="sm" fw={500} mb={4}>
              Visibility
            </Text>
            <Tooltip label="Link it to an event first: a public document is shown on its event's page" disabled={Boolean(eventId)}>
              <SegmentedControl
                aria-label="Visibility"
                value={visibility}
                disabled={!eventId}
                data={[
                  { value: 'private', label: 'Private' },
                  { value: 'public', label: 'Public on the event page' },
                ]}
                onChange={(value) => {
                  const next = value as DocumentVisibility;
                  setVisibility(next);
                  changeMeta({ visibility: next });
                }}
              />
            </Tooltip>
          </Box>
        </Group>

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
      <HistoryDrawer opened={historyOpen} onClose={() => setHistoryOpen(false)} documentId={doc.id} currentVersion={saver.getVersion()} hasUnsaved={saver.hasUnsaved} onRestored={show} />
    </Container>
  );
}
