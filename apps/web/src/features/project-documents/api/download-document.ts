import { projectDocumentApi } from '@hubbub/contract';
import { api } from '@/lib/api';
import { fileNameOf, saveFile } from '@/lib/download';
import { safeFileName } from '@/lib/format';
import { documentMarkdown } from '../editor/markdown';

/** The document as one self-contained HTML file (the Download.HTML add-on; `add_on_required` without it). */
export async function downloadDocumentHtml(doc: { id: string; title: string }): Promise<string> {
  const response = await api.download(projectDocumentApi.export, { params: { id: doc.id } });
  const name = fileNameOf(response.headers.get('content-disposition'), `${doc.title}.html`);
  saveFile(await response.blob(), name);
  return name;
}

/** The document as Markdown, made here from its JSON: for everyone. */
export function downloadDocumentMarkdown(doc: { title: string; contentJson: string }): string {
  const name = safeFileName(`${doc.title.trim() || 'Document'}.md`);
  saveFile(new Blob([documentMarkdown(doc)], { type: 'text/markdown;charset=utf-8' }), name);
  return name;
}
