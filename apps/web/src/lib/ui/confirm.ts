import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { modalPlacement, type ModalPosition } from './dialog-positions';

export interface ConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paints the confirm button red, for destructive actions. */
  danger?: boolean;
  /** Where the dialog sits (spec 9 dialog positions); a yes/no question is a modal. */
  position?: ModalPosition;
}

/**
 * Asks a yes/no question; resolves true only on the confirm button, false on cancel, Escape or
 * a click outside. Needs a `ModalsProvider` mounted by the app shell.
 */
export function confirm({
  title,
  message,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  danger = false,
  position = 'standard',
}: ConfirmOptions): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    // Mantine calls onClose after onConfirm too; a promise settles once, so true stands.
    modals.openConfirmModal({
      title,
      children: message,
      ...modalPlacement(position),
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
