import { CloseButton, Group, Paper, Text } from '@mantine/core';
import classes from './partners-drawer.module.css';

/** Over the map, so choosing moves nothing: whose events the map and list show, and a way back to everyone's. */
export function PartnerChip({ name, onClear }: { name: string; onClear: () => void }) {
  return (
    <Paper className={classes.chip} shadow="sm" radius="xl" withBorder data-testid="partner-chip">
      <Group gap={4} wrap="nowrap" pl="sm" pr={4} py={2}>
        <Text size="sm" truncate>
          Events of <b>{name}</b>
        </Text>
        <CloseButton size="sm" aria-label={`Show everyone’s events, not only ${name}’s`} onClick={onClear} />
      </Group>
    </Paper>
  );
}
