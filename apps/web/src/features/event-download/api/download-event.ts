import { useMutation } from '@tanstack/react-query';
import { eventsApi } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import { fileNameOf, saveFile } from '@/lib/download';

/** Fetches the event's HTML file (the bearer token goes with it) and hands it to the browser as a download. */
export async function downloadEvent(event: { id: string; name: string }): Promise<string> {
  const response = await engineApi.download(eventsApi.export, { params: { id: event.id } });
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), `${event.name}.html`);
  saveFile(blob, name);
  return name;
}

export function useDownloadEvent() {
  return useMutation({ mutationFn: downloadEvent });
}
