import '@mantine/tiptap/styles.css';
import { useEffect } from 'react';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { documentExtensions } from '../editor/extensions';
import classes from './document-reader.module.css';
import { safeContent } from '../editor/safe-content';

/**
 * A document for reading, drawn by the editor's own schema from the strict form of its JSON
 * (never from stored HTML; safeContent): unknown content and attributes cannot appear, every link
 * carries the forced rel, and pictures come from this server's uploads only.
 */
export function DocumentReader({ contentJson, label }: { contentJson: string; label?: string }) {
  const editor = useEditor({
    editable: false,
    extensions: documentExtensions({ editable: false }),
    content: safeContent(contentJson),
    // ProseMirror marks its area as a textbox even when read only: name it and say it is read only.
    editorProps: { attributes: { 'aria-label': label ?? 'Document', 'aria-readonly': 'true' } },
  });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(safeContent(contentJson), { emitUpdate: false });
  }, [editor, contentJson]);
  return (
    <RichTextEditor editor={editor} variant="subtle" className={classes.reader} styles={{ root: { border: 0 }, content: { background: 'transparent' } }} role="article" aria-label={label}>
      <RichTextEditor.Content data-testid="document-reader" />
    </RichTextEditor>
  );
}
