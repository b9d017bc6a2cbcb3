import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { eventsApi, type HubEvent } from '@hubbub/contract';
import { engineApi, queryKeys, uploadForm } from '@/lib/api';
import { invalidateEventLists } from './save-event';

/** The server's limit; checked here first so a person does not wait for a 413. */
export const THUMBNAIL_MAX_BYTES = 10 * 1024 * 1024;
export const THUMBNAIL_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** One multipart field named `file`; the server checks the bytes really are an image (`image_invalid` if not). */
export function uploadThumbnail({ eventId, file, fileName }: { eventId: string; file: Blob; fileName: string }): Promise<HubEvent> {
  return engineApi.call(eventsApi.setThumbnail, { params: { id: eventId }, body: uploadForm(file, fileName) });
}

export function deleteThumbnail(eventId: string): Promise<HubEvent> {
  return engineApi.call(eventsApi.removeThumbnail, { params: { id: eventId } });
}

function applyEvent(client: QueryClient, event: HubEvent) {
  client.setQueryData(queryKeys.events.detail(event.id), event);
  invalidateEventLists(client);
}

export function useUploadThumbnail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadThumbnail, onSuccess: (event) => applyEvent(client, event) });
}

export function useDeleteThumbnail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteThumbnail, onSuccess: (event) => applyEvent(client, event) });
}
