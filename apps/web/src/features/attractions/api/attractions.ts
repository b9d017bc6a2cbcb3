import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { attractionsApi, type Attraction, type AttractionCreate, type AttractionUpdate, type HubEvent } from '@hubbub/contract';
import { engineApi, queryKeys, uploadForm } from '@/lib/api';

// The host's line-up edits. Each answer is written into the event's cached copy at once (the
// line-up is part of the event), so the page shows the change without reading the event again.

export const createAttraction = (body: AttractionCreate) => engineApi.call(attractionsApi.create, { body });
export const updateAttraction = (body: AttractionUpdate) => engineApi.call(attractionsApi.update, { body });
export const reorderAttractions = (body: { eventId: string; attractionIds: string[] }) => engineApi.call(attractionsApi.reorder, { body });
export const deleteAttraction = (id: string) => engineApi.call(attractionsApi.delete, { params: { id } });
export const uploadAttractionPicture = ({ id, file, fileName }: { id: string; file: Blob; fileName: string }) =>
  engineApi.call(attractionsApi.setPicture, { params: { id }, body: uploadForm(file, fileName) });
export const removeAttractionPicture = (id: string) => engineApi.call(attractionsApi.removePicture, { params: { id } });

function editLineUp(client: QueryClient, eventId: string, change: (list: Attraction[]) => Attraction[]) {
  client.setQueryData<HubEvent>(queryKeys.events.detail(eventId), (event) => (event ? { ...event, attractions: change(event.attractions) } : event));
}

const put = (attraction: Attraction) => (list: Attraction[]) =>
  list.some((a) => a.id === attraction.id) ? list.map((a) => (a.id === attraction.id ? attraction : a)) : [...list, attraction];

/** Every line-up change of one event, each one mutation the editor can show as pending. */
export function useLineUpEdits(eventId: string) {
  const client = useQueryClient();
  const saved = (attraction: Attraction) => editLineUp(client, eventId, put(attraction));
  return {
    create: useMutation({ mutationFn: createAttraction, onSuccess: saved }),
    update: useMutation({ mutationFn: updateAttraction, onSuccess: saved }),
    uploadPicture: useMutation({ mutationFn: uploadAttractionPicture, onSuccess: saved }),
    removePicture: useMutation({ mutationFn: removeAttractionPicture, onSuccess: saved }),
    remove: useMutation({
      mutationFn: deleteAttraction,
      onSuccess: (_ok, id) => editLineUp(client, eventId, (list) => list.filter((a) => a.id !== id)),
    }),
    reorder: useMutation({
      mutationFn: reorderAttractions,
      // The new order shows at once; a refusal (the line-up changed elsewhere) reads the event again.
      onMutate: ({ attractionIds }) =>
        editLineUp(client, eventId, (list) => attractionIds.map((id) => list.find((a) => a.id === id)).filter((a): a is Attraction => !!a)),
      onSuccess: ({ attractions }) => editLineUp(client, eventId, () => attractions),
      onError: () => void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) }),
    }),
  };
}
