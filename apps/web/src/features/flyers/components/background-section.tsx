import type { Dispatch } from 'react';
import { Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import type { FlyerContent } from '@hubbub/contract';
import type { ContentAction } from '../content/content-reducer';
import { GradientPicker } from './gradient-picker';
import { HexColorField } from './hex-color-field';
import { LabelledSlider } from './labelled-slider';

/** The card's background: one colour, or a gradient at an angle. */
export function BackgroundSection({ background, dispatch }: { background: FlyerContent['background']; dispatch: Dispatch<ContentAction> }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="flyer-background-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="flyer-background-heading">
          Background
        </Title>
        <SegmentedControl
          aria-label="Background kind"
          value={background.kind}
          onChange={(kind) => {
            if (kind === 'solid') dispatch({ type: 'solid', color: background.kind === 'gradient' ? background.colors[0] : background.color });
            else dispatch({ type: 'gradient', name: 'Omolon', colors: ['#091e3a', '#2f80ed', '#2d9ee0'] });
          }}
          data={[
            { value: 'solid', label: 'Solid colour' },
            { value: 'gradient', label: 'Gradient' },
          ]}
        />
        {background.kind === 'solid' ? (
          <HexColorField label="Background colour" value={background.color} onChange={(color) => dispatch({ type: 'solid', color })} />
        ) : (
          <>
            <GradientPicker value={background.name} onChange={(g) => dispatch({ type: 'gradient', name: g.name, colors: g.colors })} />
            <LabelledSlider label="Gradient angle" min={0} max={360} value={background.angle} format={(v) => `${v}°`} onChange={(angle) => dispatch({ type: 'angle', angle })} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
