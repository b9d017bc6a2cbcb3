import type { Dispatch } from 'react';
import { SegmentedControl, SimpleGrid, Stack, Textarea, Input } from '@mantine/core';
import { FLYER_TEXT_MAX, type FlyerBlock } from '@hubbub/contract';
import { EMOJI_SIZE, FONT_SIZE, IMAGE_WIDTH, type ContentAction } from '../content/content-reducer';
import { HexColorField } from './hex-color-field';
import { LabelledSlider } from './labelled-slider';

const percent = (v: number) => `${Math.round(v * 100)}%`;

/** Controls for the selected block; the position sliders are the keyboard way to move it. */
export function BlockEditor({ block, dispatch }: { block: FlyerBlock; dispatch: Dispatch<ContentAction> }) {
  const update = (patch: Record<string, unknown>) => dispatch({ type: 'update', id: block.id, patch });
  return (
    <Stack gap="xs" data-testid="block-editor">
      {block.kind === 'text' && (
        <>
          <Textarea
            label="Text"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={FLYER_TEXT_MAX}
            value={block.text}
            onChange={(e) => update({ text: e.currentTarget.value })}
            description={`${block.text.length} / ${FLYER_TEXT_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <HexColorField label="Text colour" value={block.color} onChange={(color) => update({ color })} />
            <Input.Wrapper label="Alignment" labelElement="div">
              <SegmentedControl
                fullWidth
                aria-label="Alignment"
                value={block.align}
                onChange={(align) => update({ align })}
                data={[
                  { value: 'left', label: 'Left' },
                  { value: 'center', label: 'Centre' },
                  { value: 'right', label: 'Right' },
                ]}
              />
            </Input.Wrapper>
          </SimpleGrid>
          <LabelledSlider label="Font size" min={FONT_SIZE.min} max={FONT_SIZE.max} value={block.fontSize} onChange={(fontSize) => update({ fontSize })} />
        </>
      )}
      {block.kind === 'emoji' && (
        <LabelledSlider label="Sticker size" min={EMOJI_SIZE.min} max={EMOJI_SIZE.max} value={block.size} onChange={(size) => update({ size })} />
      )}
      {block.kind === 'image' && (
        <LabelledSlider
          label="Picture width"
          min={IMAGE_WIDTH.min}
          max={IMAGE_WIDTH.max}
          step={0.01}
          value={block.width}
          format={percent}
          onChange={(width) => update({ width })}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={0}>
        <LabelledSlider label="Horizontal position" min={0} max={1} step={0.01} value={block.x} format={percent} onChange={(x) => update({ x })} />
        <LabelledSlider label="Vertical position" min={0} max={1} step={0.01} value={block.y} format={percent} onChange={(y) => update({ y })} />
      </SimpleGrid>
    </Stack>
  );
}
