import { MarkdownManager } from '@tiptap/markdown';
import { documentExtensions } from './extensions';
import { safeContent } from './safe-content';

let manager: MarkdownManager | null = null;

/** A document as Markdown, its title as the first heading: for everyone, with or without add-ons. */
export function documentMarkdown(doc: { title: string; contentJson: string }): string {
  manager ??= new MarkdownManager({ extensions: documentExtensions({ editable: false }) });
  const body = manager.serialize(safeContent(doc.contentJson)).trim();
  return `# ${doc.title.replace(/\s+/g, ' ').trim()}\n\n${body}\n`;
}
