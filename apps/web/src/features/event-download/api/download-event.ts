import { useMutation } from '@tanstack/react-query';
import { paths } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import { safeFileName } from '@/lib/format';

/** The name the server chose (Content-Disposition, filename* first), else one made from the event's. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return safeFileName(decodeURIComponent(encoded[1]));
    } catch {
      // A broken escape: fall through to the plain name.
    }
  }
  const plain = disposition && /filename="([^"]+)"/i.exec(disposition);
  return safeFileName(plain ? plain[1] : `${fallback}.html`);
}

/** Fetches the event's HTML file (the bearer token goes with it) and hands it to the browser as a download. */
export async function downloadEvent(event: { id: string; name: string }): Promise<string> {
  const response = await engineApi.get<Response>(paths.eventExport(event.id), { raw: true });
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), event.name);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}

export function useDownloadEvent() {
  return useMutation({ mutationFn: downloadEvent });
}
