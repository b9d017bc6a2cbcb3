import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoOff, IconUpload } from '@tabler/icons-react';
import { THUMBNAIL_TYPES } from '../api/thumbnail';
import { thumbnailFileProblem } from '../form/thumbnail-file';
import { ThumbnailCropper } from './thumbnail-cropper';

/** What saving should do with the picture. */
export type ThumbnailChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; blob: Blob; url: string };

interface ThumbnailFieldProps {
  currentPath: string | null;
  value: ThumbnailChange;
  onChange: (change: ThumbnailChange) => void;
  error?: string | null;
}

function loadImage(file: File): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const image = new window.Image();
  image.src = url;
  return image
    .decode()
    .then(() => image)
    .catch(() => {
      throw new Error('This file could not be read as a picture. Choose another one.');
    })
    .finally(() => URL.revokeObjectURL(url));
}

/** The event's picture: choose a file, crop it to 16:9, or remove the current one. */
export function ThumbnailField({ currentPath, value, onChange, error }: ThumbnailFieldProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The file input forgets its file after each choice, so choosing the same file again still works.
  const resetFile = useRef<() => void>(null);

  // Cropped previews live as object URLs; each is released when replaced or on leaving.
  const previewUrl = value.kind === 'replace' ? value.url : null;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const choose = async (file: File | null) => {
    setProblem(null);
    resetFile.current?.();
    if (!file) return;
    const reason = thumbnailFileProblem(file);
    if (reason) {
      setProblem(reason);
      return;
    }
    try {
      setImage(await loadImage(file));
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const shown = value.kind === 'replace' ? value.url : value.kind === 'keep' ? currentPath : null;

  return (
    <Input.Wrapper label="Thumbnail" labelElement="div" description="A 16:9 picture for lists and the event page. JPEG, PNG, WebP or GIF, up to 10 MB." error={problem ?? error}>
      <Stack gap="xs" mt={6}>
        {image ? (
          <ThumbnailCropper
            image={image}
            onCancel={() => setImage(null)}
            onDone={(blob) => {
              setImage(null);
              onChange({ kind: 'replace', blob, url: URL.createObjectURL(blob) });
            }}
          />
        ) : (
          <>
            <Box maw={320}>
              <AspectRatio ratio={16 / 9}>
                {shown ? (
                  <Image src={shown} alt="Thumbnail preview" radius="md" fit="cover" data-testid="thumbnail-preview" />
                ) : (
                  <Stack align="center" justify="center" gap={4} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                    <IconPhoto size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
                    <Text size="xs" c="dimmed">
                      {value.kind === 'remove' ? 'The picture will be removed' : 'No picture'}
                    </Text>
                  </Stack>
                )}
              </AspectRatio>
            </Box>
            <Group gap="xs">
              <FileButton
                resetRef={resetFile}
                onChange={(file) => void choose(file)}
                accept={THUMBNAIL_TYPES.join(',')}
                // data-* keys are valid on <input> but not in the props type.
                inputProps={{ 'data-testid': 'thumbnail-input', 'aria-label': 'Thumbnail file' } as object}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} aria-hidden />}>
                    {shown ? 'Replace picture' : 'Choose a picture'}
                  </Button>
                )}
              </FileButton>
              {value.kind === 'replace' && (
                <Button size="xs" variant="subtle" color="gray" onClick={() => onChange({ kind: 'keep' })}>
                  Undo
                </Button>
              )}
              {value.kind === 'keep' && currentPath && (
                <Button size="xs" variant="subtle" color="red" leftSection={<IconPhotoOff size={14} aria-hidden />} onClick={() => onChange({ kind: 'remove' })}>
                  Remove picture
                </Button>
              )}
              {value.kind === 'remove' && (
                <Button size="xs" variant="subtle" color="gray" onClick={() => onChange({ kind: 'keep' })}>
                  Keep the picture
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
