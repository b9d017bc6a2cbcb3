import { useRef, useState } from 'react';
import { Loader } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';
import { IconColumnInsertRight, IconColumnRemove, IconPhoto, IconRowInsertBottom, IconRowRemove, IconTable, IconTableOff } from '@tabler/icons-react';
import { notify, notifyProblem } from '@/lib/ui';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, uploadDocumentImage } from '../api/upload-image';

/** Uploads the chosen picture (checked here for type and size, by the server for content) and puts it at the cursor. */
function ImageControl({ editor, documentId }: { editor: Editor; documentId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      notify.error('Pictures must be JPEG, PNG, WebP or GIF.');
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      notify.error('Pictures must be at most 10 MB.');
      return;
    }
    setBusy(true);
    try {
      const { path } = await uploadDocumentImage({ documentId, file });
      editor.chain().focus().setImage({ src: path, alt: file.name.replace(/\.[^.]+$/, '').slice(0, 200) }).run();
    } catch (error) {
      notifyProblem(error, 'The picture could not be added');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <RichTextEditor.Control onClick={() => input.current?.click()} aria-label="Insert picture" title="Insert picture" disabled={busy}>
        {busy ? <Loader size={14} /> : <IconPhoto size={16} stroke={1.5} />}
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        data-testid="document-image-input"
        onChange={(event) => {
          void pick(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

function TableControls({ editor }: { editor: Editor }) {
  const inTable = editor.isActive('table');
  return (
    <RichTextEditor.ControlsGroup>
      <RichTextEditor.Control
        onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        aria-label="Insert table"
        title="Insert table"
        disabled={inTable}
      >
        <IconTable size={16} stroke={1.5} />
      </RichTextEditor.Control>
      {inTable && (
        <>
          <RichTextEditor.Control onClick={() => editor.chain().focus().addRowAfter().run()} aria-label="Add row" title="Add row">
            <IconRowInsertBottom size={16} stroke={1.5} />
          </RichTextEditor.Control>
          <RichTextEditor.Control onClick={() => editor.chain().focus().addColumnAfter().run()} aria-label="Add column" title="Add column">
            <IconColumnInsertRight size={16} stroke={1.5} />
          </RichTextEditor.Control>
          <RichTextEditor.Control onClick={() => editor.chain().focus().deleteRow().run()} aria-label="Delete row" title="Delete row">
            <IconRowRemove size={16} stroke={1.5} />
          </RichTextEditor.Control>
          <RichTextEditor.Control onClick={() => editor.chain().focus().deleteColumn().run()} aria-label="Delete column" title="Delete column">
            <IconColumnRemove size={16} stroke={1.5} />
          </RichTextEditor.Control>
          <RichTextEditor.Control onClick={() => editor.chain().focus().deleteTable().run()} aria-label="Delete table" title="Delete table">
            <IconTableOff size={16} stroke={1.5} />
          </RichTextEditor.Control>
        </>
      )}
    </RichTextEditor.ControlsGroup>
  );
}

/** Everything the document schema holds, and nothing it does not (no colours, no alignment). */
export function DocumentToolbar({ editor, documentId }: { editor: Editor; documentId: string }) {
  return (
    <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-offset, 60px)">
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Bold />
        <RichTextEditor.Italic />
        <RichTextEditor.Underline />
        <RichTextEditor.Strikethrough />
        <RichTextEditor.Code />
        <RichTextEditor.ClearFormatting />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.H1 />
        <RichTextEditor.H2 />
        <RichTextEditor.H3 />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.BulletList />
        <RichTextEditor.OrderedList />
        <RichTextEditor.TaskList />
        <RichTextEditor.Blockquote />
        <RichTextEditor.CodeBlock />
        <RichTextEditor.Hr />
      </RichTextEditor.ControlsGroup>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Link />
        <RichTextEditor.Unlink />
        <ImageControl editor={editor} documentId={documentId} />
      </RichTextEditor.ControlsGroup>
      <TableControls editor={editor} />
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Undo />
        <RichTextEditor.Redo />
      </RichTextEditor.ControlsGroup>
    </RichTextEditor.Toolbar>
  );
}
