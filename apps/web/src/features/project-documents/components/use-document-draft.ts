import { useLayoutEffect, useRef, useState } from 'react';
import { useEditor } from '@tiptap/react';
import { useQueryClient } from '@tanstack/react-query';
import type { DocumentVisibility, ProjectDocument } from '@hubbub/contract';
import { updateDocument } from '../api';
import { applySavedDocument } from '../api/save-document';
import { documentExtensions } from '../editor/extensions';
import { safeContent } from '../editor/safe-content';
import { useAutosave } from '../editor/use-autosave';
import type { Draft } from '../editor/autosave';

const PLACEHOLDER = 'Write the programme, the FAQ, the run sheet, the vendor list…';

/** The fields beside the text: what a change of title, event or visibility says. */
export type DraftMeta = Pick<Draft, 'title' | 'eventId' | 'visibility'>;

/**
 * The document as edited here: its title, event and visibility, the editor holding its text, and
 * the autosave every change goes through.
 */
export function useDocumentDraft(doc: ProjectDocument) {
  const client = useQueryClient();
  const [title, setTitle] = useState(doc.title);
  const [eventId, setEventId] = useState<string | null>(doc.eventId);
  const [visibility, setVisibility] = useState<DocumentVisibility>(doc.visibility);
  const content = useRef(doc.contentJson);

  const { saver, status } = useAutosave({
    id: doc.id,
    version: doc.version,
    draft: { title: doc.title, contentJson: doc.contentJson, eventId: doc.eventId, visibility: doc.visibility },
    save: updateDocument,
    onSaved: (saved) => applySavedDocument(client, saved),
  });

  // The latest title, event and visibility, for the editor's update handler (bound once); kept
  // after each commit, before the person can type again.
  const meta = useRef<DraftMeta>({ title, eventId, visibility });
  useLayoutEffect(() => {
    meta.current = { title, eventId, visibility };
  }, [title, eventId, visibility]);
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

  /** A new title, event or visibility: shown, and handed to the autosave with the rest. */
  const change = (over: Partial<DraftMeta>) => {
    if (over.title !== undefined) setTitle(over.title);
    if (over.eventId !== undefined) setEventId(over.eventId);
    if (over.visibility !== undefined) setVisibility(over.visibility);
    saver.change({ title, contentJson: content.current, eventId, visibility, ...over });
  };

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

  return { title, eventId, visibility, change, show, editor, saver, status, contentJson: () => content.current };
}
