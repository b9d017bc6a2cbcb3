import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flyersApi, type Flyer } from '@hubbub/contract';
import { engineApi, uploadForm } from '@/lib/api';
import { invalidateEventFlyers } from './save-flyer';

/** The server's limits (same rules as event thumbnails); checked here first so nobody waits for a 413. */
export const FLYER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const FLYER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export function flyerImageProblem(file: { type: string; size: number }): string | null {
  if (!(FLYER_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF picture.';
  if (file.size > FLYER_IMAGE_MAX_BYTES) return 'The picture is larger than 10 MB. Choose a smaller one.';
  return null;
}

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
