import { useState } from 'react';
import { ActionIcon, Badge, Button, Drawer, Group, Paper, Select, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { Flyer } from '@hubbub/contract';
import type { ConsoleControls } from '../console-model';
import { CONSOLE_STATE_TEXT, OwnerControls } from './owner-controls';
import type { ConsoleActions } from './use-console-actions';
import classes from './buzz-live.module.css';

/** How long the bar's one-tap launch shows a flyer; the full console offers the others. */
const BAR_MINUTES = 15;

interface ConsoleBarProps {
  flyers: Flyer[];
  controls: ConsoleControls;
  actions: ConsoleActions;
}

/**
 * The host console on a phone: a compact bar that sticks to the bottom of the screen while the
 * flyers scroll, with the action that matters now (Go live, or pick and launch), and the whole
 * console (schedule, message, End) one tap away in a drawer.
 */
export function ConsoleBar({ flyers, controls, actions }: ConsoleBarProps) {
  const [open, setOpen] = useState(false);
  const [flyerId, setFlyerId] = useState<string | null>(null);
  const chosen = flyerId ?? flyers[0]?.id ?? null;
  const text = CONSOLE_STATE_TEXT[controls.state];

  return (
    <>
      <Paper withBorder shadow="md" radius="md" p="xs" className={classes.consoleBar} data-testid="console-bar" role="region" aria-label="Host console">
        {/* What the last action did, here rather than in a toast that would cover the bar. */}
        <Text size="xs" c={actions.status?.kind === 'error' ? 'red.8' : 'dimmed'} role="status" data-testid="console-status" mb={actions.status ? 6 : 0}>
          {actions.status?.text}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Badge color={text.color} variant={controls.state === 'live' ? 'filled' : 'default'} tt="none" data-testid="console-state" data-state={controls.state} style={{ flexShrink: 0 }}>
            {text.badge}
          </Badge>
          {controls.goLive && (
            <Button size="sm" color="green" flex={1} loading={actions.busy === 'start'} onClick={() => void actions.goLive()} data-testid="session-start">
              Go live
            </Button>
          )}
          {controls.launch === 'now' && (
            <>
              <Select
                size="sm"
                aria-label="Flyer to launch"
                data={flyers.map((f) => ({ value: f.id, label: f.name }))}
                value={chosen}
                onChange={setFlyerId}
                allowDeselect={false}
                flex={1}
                miw={0}
                comboboxProps={{ withinPortal: true }}
                data-testid="launch-flyer"
              />
              <Button size="sm" loading={actions.busy === 'launch'} disabled={!chosen} onClick={() => chosen && void actions.launchNow(chosen, BAR_MINUTES, false)} data-testid="launch-now">
                Launch
              </Button>
            </>
          )}
          {!controls.goLive && controls.launch !== 'now' && (
            <Text size="sm" c="dimmed" flex={1} truncate>
              {text.line}
            </Text>
          )}
          <ActionIcon size="lg" variant="default" aria-label="All host controls" onClick={() => setOpen(true)} data-testid="console-more">
            <IconAdjustmentsHorizontal size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Paper>
      <Drawer opened={open} onClose={() => setOpen(false)} position="bottom" size="85%" title="Host console">
        <OwnerControls flyers={flyers} controls={controls} actions={actions} />
      </Drawer>
    </>
  );
}
