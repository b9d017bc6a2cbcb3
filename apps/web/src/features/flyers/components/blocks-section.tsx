import { useState } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMoodSmile, IconTypography } from '@tabler/icons-react';
import { FLYER_BLOCKS_MAX } from '@hubbub/contract';
import { blockTitle } from '../content/content-reducer';
import { BlockEditor } from './block-editor';
import { EmojiPicker } from './emoji-picker';
import type { FlyerDraft } from './use-flyer-draft';
import classes from './designer.module.css';

/** The card's text and stickers: add one, pick one to change it, remove one. */
export function BlocksSection({ draft }: { draft: FlyerDraft }) {
  const [pickingEmoji, setPickingEmoji] = useState(false);
  const { content, selectedId, selected } = draft;
  const full = content.blocks.length >= FLYER_BLOCKS_MAX;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="flyer-blocks-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="flyer-blocks-heading">
          Text and stickers
        </Title>
        <Group gap="xs">
          <Button variant="light" size="sm" leftSection={<IconTypography size={16} aria-hidden />} onClick={draft.addText} disabled={full}>
            Add text
          </Button>
          <Button
            variant={pickingEmoji ? 'filled' : 'light'}
            size="sm"
            leftSection={<IconMoodSmile size={16} aria-hidden />}
            onClick={() => setPickingEmoji((open) => !open)}
            disabled={full}
            aria-expanded={pickingEmoji}
          >
            Add sticker
          </Button>
        </Group>
        {full && <Text size="sm" c="dimmed">A flyer holds at most {FLYER_BLOCKS_MAX} blocks.</Text>}
        {pickingEmoji && !full && (
          <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
            <EmojiPicker
              onPick={(entry) => {
                draft.addEmoji(entry.emoji, entry.name);
                setPickingEmoji(false);
              }}
            />
          </Paper>
        )}
        {content.blocks.length > 0 ? (
          <Stack gap={6} role="list" aria-label="Blocks">
            {content.blocks.map((block) => (
              <div key={block.id} role="listitem" className={classes.layer} data-selected={block.id === selectedId || undefined}>
                <UnstyledButton className={classes.layerButton} onClick={() => draft.select(block.id)} aria-pressed={block.id === selectedId}>
                  {blockTitle(block)}
                </UnstyledButton>
                <CloseButton size="sm" aria-label={`Remove ${blockTitle(block)}`} onClick={() => draft.removeBlock(block)} />
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Add text or a sticker, then pick it here or on the preview to change it.
          </Text>
        )}
        {selected && <BlockEditor key={selected.id} block={selected} dispatch={draft.dispatch} />}
      </Stack>
    </Paper>
  );
}
