import type { DrawerProps, ModalProps } from '@mantine/core';

export const DIALOG_POSITIONS = ['standard', 'top', 'bottom', 'left', 'right'] as const;
export type DialogPosition = (typeof DIALOG_POSITIONS)[number];

/**
 * A Mantine Modal can only sit centred or near the top, so edge positions become a Drawer
 * sliding from that edge; render `component` with `props` spread onto it.
 */
export type DialogPlacement =
  | { component: 'modal'; props: Pick<ModalProps, 'centered' | 'yOffset' | 'xOffset'> }
  | { component: 'drawer'; props: Pick<DrawerProps, 'position'> };

export function dialogPlacement(position: DialogPosition = 'standard'): DialogPlacement {
  switch (position) {
    case 'standard':
      return { component: 'modal', props: { centered: true } };
    case 'top':
      return { component: 'modal', props: { centered: false, yOffset: '5dvh' } };
    case 'bottom':
    case 'left':
    case 'right':
      return { component: 'drawer', props: { position } };
  }
}
