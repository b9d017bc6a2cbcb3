import { useMutation } from '@tanstack/react-query';
import { calendarsApi } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import { fileNameOf, saveFile } from '@/lib/download';
import { icsFileName } from '../event-calendar-links';

/**
 * Fetches the event as an iCalendar file through the API client (the tenant header goes with it,
 * and the bearer token, which a draft needs) and hands it to the browser; answers the file's name.
 */
export async function downloadEventIcs(event: { id: string; slug: string; name: string }): Promise<string> {
  const response = await engineApi.download(calendarsApi.eventIcs, { params: { id: event.id } });
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), icsFileName(event));
  saveFile(blob.type ? blob : new Blob([blob], { type: 'text/calendar' }), name);
  return name;
}

export function useDownloadEventIcs() {
  return useMutation({ mutationFn: downloadEventIcs });
}
