import { useEffect, useReducer, useState } from 'react';
import { parseFlyerContent, type Flyer, type FlyerBlock, type FlyerContent } from '@hubbub/contract';
import { contentReducer, emptyContent, newBlockId } from '../content/content-reducer';

function initialContent(flyer: Flyer | undefined): { content: FlyerContent; unreadable: boolean } {
  if (!flyer) return { content: emptyContent(), unreadable: false };
  const parsed = parseFlyerContent(flyer.contentJson);
  return parsed.success ? { content: parsed.data, unreadable: false } : { content: emptyContent(), unreadable: true };
}

/** A picture chosen here, shown from an object URL until the save uploads it. */
export interface PendingImage {
  file: File;
  url: string;
}

/**
 * What the designer holds of one flyer: its content (through the content reducer), its name, the
 * block picked for editing, and its picture, chosen here or already on the server.
 */
export function useFlyerDraft(flyer: Flyer | undefined) {
  const [initial] = useState(() => initialContent(flyer));
  const [content, dispatch] = useReducer(contentReducer, initial.content);
  const [name, setName] = useState(flyer?.name ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pendingImage, setPendingImage] = useState<PendingImage | null>(null);
  // The uploaded picture on the server; the content only says where it goes on the card.
  const [serverImage, setServerImage] = useState<string | null>(initial.content.imagePath ?? null);

  // Chosen pictures live as object URLs until replaced or the designer closes.
  const pendingUrl = pendingImage?.url;
  useEffect(() => (pendingUrl ? () => URL.revokeObjectURL(pendingUrl) : undefined), [pendingUrl]);

  const addText = () => {
    const id = newBlockId();
    dispatch({ type: 'addText', id });
    setSelectedId(id);
  };
  const addEmoji = (emoji: string, emojiName: string) => {
    const id = newBlockId();
    dispatch({ type: 'addEmoji', id, emoji, name: emojiName });
    setSelectedId(id);
  };
  const chooseImage = (file: File) => {
    setPendingImage({ file, url: URL.createObjectURL(file) });
    const image = content.blocks.find((b) => b.kind === 'image');
    const id = image?.id ?? newBlockId();
    if (!image) dispatch({ type: 'setImage', id });
    setSelectedId(id);
  };
  const removeImage = () => {
    setPendingImage(null);
    dispatch({ type: 'removeImage' });
  };
  const removeBlock = (block: FlyerBlock) => {
    if (block.kind === 'image') removeImage();
    else dispatch({ type: 'remove', id: block.id });
    if (selectedId === block.id) setSelectedId(null);
  };

  return {
    content,
    dispatch,
    /** The saved design was made by a designer this app does not know: it starts empty. */
    unreadable: initial.unreadable,
    name,
    setName,
    selectedId,
    select: setSelectedId,
    selected: content.blocks.find((b) => b.id === selectedId) ?? null,
    hasPicture: content.blocks.some((b) => b.kind === 'image'),
    pendingImage,
    serverImage,
    imageUrl: pendingImage?.url ?? serverImage,
    addText,
    addEmoji,
    chooseImage,
    removeImage,
    removeBlock,
    /** After the save: the server has this picture now (or none), and nothing waits to be uploaded. */
    pictureSaved: (path: string | null) => {
      setServerImage(path);
      setPendingImage(null);
    },
  };
}

export type FlyerDraft = ReturnType<typeof useFlyerDraft>;
