import type { ReactNode, Ref } from 'react';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { HubFlyer } from '@hubbub/contract';
import { FlyerCard } from '@/components/flyer-card';
import { BuzzLiveRegion } from './buzz-live-region';
import type { Presence } from './use-flyer-presence';
import classes from './buzz-live.module.css';

interface FlyerStageProps {
  /** The element that goes fullscreen. */
  ref: Ref<HTMLDivElement>;
  shown: Presence<HubFlyer>[];
  fullscreen: boolean;
  joined: boolean;
  connected: boolean;
  /** What changed on the stage, for screen readers. */
  announcement: string;
  /** Said when joined and no flyer shows: why (live with nothing on, or not live). */
  quietText: string;
  /** Under each flyer, for viewers only (the host runs the stage). */
  flyerAction?: (flyer: HubFlyer) => ReactNode;
}

/** The flyers on screen now, arriving and leaving with a short animation. */
export function FlyerStage({ ref, shown, fullscreen, joined, connected, announcement, quietText, flyerAction }: FlyerStageProps) {
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p="md"
      bg={fullscreen ? 'dark.8' : undefined}
      data-testid="active-flyers"
      data-joined={joined ? 'true' : 'false'}
      role="region"
      aria-label="Active flyers"
      style={{ minHeight: 240, overflow: 'auto' }}
    >
      {/* What changed on the stage, for screen readers; the cards themselves are not read out on every change. */}
      <BuzzLiveRegion message={announcement} />
      {shown.length === 0 ? (
        <Stack align="center" justify="center" mih={200}>
          <Text c="dimmed" ta="center">
            {joined ? quietText : connected ? 'Joining the session…' : 'Connecting…'}
          </Text>
        </Stack>
      ) : (
        <Group justify="center" gap="md" align="flex-start">
          {shown.map(({ item: f, leaving }) => (
            <Box key={f.id} className={classes.flyer} data-testid="stage-flyer" data-leaving={leaving || undefined} aria-hidden={leaving || undefined}>
              {/* Not in fullscreen: the action's dialog would open outside the fullscreen element, out of sight. */}
              {flyerAction && !fullscreen && !leaving ? (
                <Stack gap={2} align="flex-end">
                  <FlyerCard flyerId={f.id} contentJson={f.contentJson} name={f.name} size={fullscreen ? 'lg' : 'md'} />
                  {flyerAction(f)}
                </Stack>
              ) : (
                <FlyerCard flyerId={f.id} contentJson={f.contentJson} name={f.name} size={fullscreen ? 'lg' : 'md'} />
              )}
            </Box>
          ))}
        </Group>
      )}
    </Paper>
  );
}
