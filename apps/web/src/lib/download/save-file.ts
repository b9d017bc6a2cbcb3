import { safeFileName } from '@/lib/format';

/** The name the server chose (Content-Disposition, filename* first), else the fallback; always a safe file name. */
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
  return safeFileName(plain ? plain[1] : fallback);
}

/** Hands bytes made or fetched by the page to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
