import { useState } from 'react';
import { FLYER_CONTENT_TYPE, FlyerContentSchema, parseFlyerContent, type Flyer } from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useDeleteFlyerImage, useUploadFlyerImage } from '../api/flyer-image';
import { useCreateFlyer, useUpdateFlyer } from '../api/save-flyer';
import { saveProblem, type SaveProblem } from '../content/save-errors';
import type { FlyerDraft } from './use-flyer-draft';

const NO_PROBLEM: SaveProblem = { name: null, alert: null };

interface FlyerSaveOptions {
  eventId: string;
  /** The flyer being edited; without it the first save creates one. */
  flyer: Flyer | undefined;
  onCreated?: (flyer: Flyer) => void;
}

/** Saves the draft: the flyer first (created once, then updated), then its picture. */
export function useFlyerSave({ eventId, flyer, onCreated }: FlyerSaveOptions) {
  const [savedId, setSavedId] = useState<string | null>(flyer?.id ?? null);
  const [problem, setProblem] = useState<SaveProblem>(NO_PROBLEM);
  const create = useCreateFlyer();
  const update = useUpdateFlyer(eventId);
  const upload = useUploadFlyerImage();
  const removeImage = useDeleteFlyerImage();
  const saving = create.isPending || update.isPending || upload.isPending || removeImage.isPending;

  const save = async (draft: FlyerDraft) => {
    setProblem(NO_PROBLEM);
    const trimmed = draft.name.trim();
    if (!trimmed) {
      setProblem({ name: 'Give the flyer a name.', alert: null });
      return;
    }
    const checked = FlyerContentSchema.safeParse(draft.content);
    if (!checked.success) {
      setProblem({ name: null, alert: { title: 'The flyer could not be saved', message: checked.error.issues.map((i) => i.message).join(' ') } });
      return;
    }
    const fields = { name: trimmed, contentType: FLYER_CONTENT_TYPE, contentJson: JSON.stringify({ ...checked.data, imagePath: null }) };
    let id = savedId;
    try {
      if (id) await update.mutateAsync({ id, ...fields });
      else {
        const created = await create.mutateAsync({ eventId, ...fields });
        id = created.id;
        setSavedId(id);
        onCreated?.(created);
      }
    } catch (error) {
      setProblem(saveProblem(error));
      return;
    }
    // The flyer is saved at this point; a picture problem must not hide that.
    try {
      if (draft.pendingImage) {
        const withImage = await upload.mutateAsync({ id, file: draft.pendingImage.file });
        const parsed = parseFlyerContent(withImage.contentJson);
        draft.pictureSaved(parsed.success ? (parsed.data.imagePath ?? null) : null);
      } else if (!draft.hasPicture && draft.serverImage) {
        await removeImage.mutateAsync(id);
        draft.pictureSaved(null);
      }
    } catch (error) {
      notifyProblem(error, 'The flyer is saved, but its picture was not');
      return;
    }
    notify.success(`“${trimmed}” is saved.`);
  };

  return { save, saving, problem };
}
