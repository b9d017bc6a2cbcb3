import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flyersApi, type Flyer } from '@hubbub/contract';
import { engineApi, uploadForm } from '@/lib/api';
import { invalidateEventFlyers } from './save-flyer';

/** One multipart field named `file`; the answer's content has the new imagePath. */
export function uploadFlyerImage({ id, file }: { id: string; file: File }): Promise<Flyer> {
  return engineApi.call(flyersApi.setImage, { params: { id }, body: uploadForm(file, file.name || 'flyer-image') });
}

export function deleteFlyerImage(id: string): Promise<Flyer> {
  return engineApi.call(flyersApi.removeImage, { params: { id } });
}

export function useUploadFlyerImage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadFlyerImage, onSuccess: (flyer) => invalidateEventFlyers(client, flyer.eventId) });
}

export function useDeleteFlyerImage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFlyerImage, onSuccess: (flyer) => invalidateEventFlyers(client, flyer.eventId) });
}
