import { useNavigate } from 'react-router';
import { ADD_ON_DOWNLOAD_HTML, addOnsFromClaims } from '@hubbub/contract';
import { hasCode } from '@/lib/api';
import { useSessionUser } from '@/lib/session';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { downloadDocumentHtml, downloadDocumentMarkdown } from '../api/download-document';

/** Markdown for everyone; one HTML file with the add-on, and otherwise how to get it (the server decides either way). */
export function useDocumentDownloads(doc: { id: string; title: string; contentJson: () => string }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const hasHtml = Boolean(user && addOnsFromClaims(user.claims).includes(ADD_ON_DOWNLOAD_HTML));

  const markdown = () => {
    const name = downloadDocumentMarkdown({ title: doc.title, contentJson: doc.contentJson() });
    notify.success(`Saved “${name}”.`);
  };

  const html = async () => {
    if (!hasHtml) {
      const go = await confirm({
        title: 'One HTML file is an add-on',
        message: 'Download.HTML saves a document, with its pictures, as one file that opens anywhere, offline. Add it on your Subscription page.',
        confirmLabel: 'See the add-on',
      });
      if (go) void navigate('/account/subscription');
      return;
    }
    try {
      notify.success(`Saved “${await downloadDocumentHtml(doc)}”.`);
    } catch (error) {
      if (hasCode(error, 'add_on_required')) notify.error(error.detail ?? 'Downloading as HTML needs the Download.HTML add-on.');
      else notifyProblem(error, 'The document could not be downloaded');
    }
  };

  return { hasHtml, markdown, html: () => void html() };
}
