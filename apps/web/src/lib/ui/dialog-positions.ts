import type { DrawerProps, ModalProps } from '@mantine/core';

/** Spec 9. Every dialog of the app takes its position from here rather than from its own props. */
export const DIALOG_POSITIONS = ['standard', 'top', 'bottom', 'left', 'right'] as const;
export type DialogPosition = (typeof DIALOG_POSITIONS)[number];

/** A Mantine Modal can only sit centred or near the top; the edges are a Drawer's. */
export type ModalPosition = Extract<DialogPosition, 'standard' | 'top'>;
export type EdgePosition = Exclude<DialogPosition, ModalPosition>;

export type ModalPlacement = Pick<ModalProps, 'centered' | 'yOffset'>;
export type DrawerPlacement = Pick<DrawerProps, 'position'>;

const MODAL_PLACEMENTS: Record<ModalPosition, ModalPlacement> = {
  standard: { centered: true },
  top: { centered: false, yOffset: '5dvh' },
};

/** Props to spread onto a Modal (or `modals.open*`) for `position`. */
export function modalPlacement(position: ModalPosition = 'standard'): ModalPlacement {
  return MODAL_PLACEMENTS[position];
}

/** Props to spread onto a Drawer sliding in from `position`. */
export function drawerPlacement(position: EdgePosition): DrawerPlacement {
  return { position };
}
