import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/** Opens the partners drawer; a dot says that a host or partner is chosen. */
export function PartnersButton({ chosen, onClick }: { chosen: boolean; onClick: () => void }) {
  const label = chosen ? 'Partners (one chosen)' : 'Partners: who is behind these events';
  return (
    <Tooltip label={label} withinPortal>
      <Indicator disabled={!chosen} size={10} offset={4}>
        <ActionIcon size="lg" variant="default" aria-label={label} aria-haspopup="dialog" onClick={onClick} data-testid="open-partners">
          <IconUsersGroup size={18} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
