import { AspectRatio, Box, Input, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { COVERS, coverBackground } from '../form/covers';
import { ThumbnailField, type ThumbnailChange } from './thumbnail-field';

interface CoverPickerProps {
  name: string;
  /** The generated cover chosen, or null. */
  cover: string | null;
  onCover: (key: string | null) => void;
  upload: ThumbnailChange;
  onUpload: (change: ThumbnailChange) => void;
  mode: 'generated' | 'upload';
  onMode: (mode: 'generated' | 'upload') => void;
}

/** The event's cover: one of the generated ones with its name on it, or a picture of the host's. */
export function CoverPicker({ name, cover, onCover, upload, onUpload, mode, onMode }: CoverPickerProps) {
  return (
    <Input.Wrapper label="Cover" labelElement="div" description="Shown on the map, in lists and on the event's page.">
      <Stack gap="xs" mt={6}>
        <SegmentedControl
          w="fit-content"
          value={mode}
          onChange={(v) => onMode(v as 'generated' | 'upload')}
          data={[
            { value: 'generated', label: 'Pick a design' },
            { value: 'upload', label: 'Upload a picture' },
          ]}
        />
        {mode === 'generated' ? (
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" role="radiogroup" aria-label="Cover designs">
            {COVERS.map((c) => {
              const chosen = c.key === cover;
              return (
                <UnstyledButton
                  key={c.key}
                  role="radio"
                  aria-checked={chosen}
                  aria-label={c.name}
                  data-testid={`cover-${c.name}`}
                  onClick={() => onCover(chosen ? null : c.key)}
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    outline: chosen ? '3px solid var(--mantine-primary-color-filled)' : '1px solid var(--mantine-color-default-border)',
                    outlineOffset: chosen ? 2 : 0,
                    overflow: 'hidden',
                  }}
                >
                  <AspectRatio ratio={16 / 9}>
                    <Box style={{ background: coverBackground(c), position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center' }} p={8}>
                      <Box style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.28)' }} />
                      <Text
                        c="white"
                        fw={700}
                        size="xs"
                        ta="center"
                        lineClamp={2}
                        style={{ position: 'relative', width: '100%', overflowWrap: 'anywhere' }}
                      >
                        {name.trim() || 'Your event'}
                      </Text>
                      {chosen && (
                        <Box style={{ position: 'absolute', bottom: 4, right: 4, background: 'white', borderRadius: 999, lineHeight: 0, padding: 2 }}>
                          <IconCheck size={14} color="var(--mantine-primary-color-filled)" aria-hidden />
                        </Box>
                      )}
                    </Box>
                  </AspectRatio>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        ) : (
          <ThumbnailField currentPath={null} value={upload} onChange={onUpload} />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
