import type { AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { DOCUMENT_LINK_REL, SAFE_LINK } from '@hubbub/contract';

/** What a person's link may open: the web and mail, as the contract stores them. */
export const isSafeLink = (url: string) => SAFE_LINK.test(url.trim());

/**
 * The one schema of a document, for the editor, the reader and the Markdown export: exactly the
 * nodes and marks the contract accepts (headings 1 to 3, lists, check lists, quotes, code, rules,
 * links, pictures, tables), so what the editor makes the server stores as it is (extensions.test.ts).
 */
export function documentExtensions(options: { editable: boolean; placeholder?: string }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: !options.editable,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => isSafeLink(url),
        shouldAutoLink: (url) => isSafeLink(url) || isSafeLink(`https://${url}`),
        // The rel the server stores on every link (no reverse tabnabbing), so what the editor makes is what is kept.
        HTMLAttributes: { rel: DOCUMENT_LINK_REL, target: '_blank' },
      },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    ...(options.placeholder ? [Placeholder.configure({ placeholder: options.placeholder })] : []),
  ];
}
