import { useRef, useState } from 'react';
import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconPhotoOff, IconUpload } from '@tabler/icons-react';
import { IMAGE_UPLOAD_TYPES, imageUploadProblem } from '@/lib/api';

interface PictureFieldProps {
  label?: string;
  hasPicture: boolean;
  pendingName: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  /** The server's refusal of the last upload, shown until another file is chosen. */
  error?: string | null;
  removing?: boolean;
  /** The file input's test id. */
  inputTestId: string;
}

/** One picture of something being edited (a flyer, an attraction), checked here and uploaded when it is saved. */
export function PictureField({ label = 'Picture', hasPicture, pendingName, onChoose, onRemove, error, removing, inputTestId }: PictureFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  return (
    <Input.Wrapper label={label} labelElement="div" description="JPEG, PNG, WebP or GIF, up to 10 MB. Uploaded when you save." error={problem ?? error}>
      <Group gap="xs" mt={6}>
        <FileButton
          resetRef={resetFile}
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          inputProps={{ 'aria-label': 'Picture file', 'data-testid': inputTestId } as Record<string, string>}
          onChange={(file) => {
            resetFile.current?.();
            setProblem(null);
            if (!file) return;
            const reason = imageUploadProblem(file);
            if (reason) setProblem(reason);
            else onChoose(file);
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="sm" leftSection={<IconUpload size={16} aria-hidden />}>
              {hasPicture ? 'Replace picture' : 'Choose picture'}
            </Button>
          )}
        </FileButton>
        {hasPicture && (
          <Button variant="subtle" color="red" size="sm" leftSection={<IconPhotoOff size={16} aria-hidden />} loading={removing} onClick={onRemove}>
            Remove picture
          </Button>
        )}
      </Group>
      {pendingName && (
        <Text size="xs" c="dimmed" mt={4}>
          {pendingName} — not uploaded yet
        </Text>
      )}
    </Input.Wrapper>
  );
}
