import type { MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { problemMessage } from './problem-message';

/** Spec 9: 5000 ms, at the bottom. Spread onto the shell's `<Notifications />`. */
export const NOTIFICATION_DEFAULTS = { position: 'bottom-center', autoClose: 5000 } as const;

type Kind = 'success' | 'error' | 'info';

const LOOK: Record<Kind, { color: MantineColor; icon: ReactNode }> = {
  success: { color: 'green', icon: <IconCheck size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} /> },
};

/** `id` names the notification beforehand, for a message whose own button hides it. */
interface NotifyOptions {
  id?: string;
}

function show(kind: Kind, message: ReactNode, title?: ReactNode, options: NotifyOptions = {}): string {
  return notifications.show({
    ...LOOK[kind],
    ...options,
    message,
    title,
    // Repeated here so the timeout holds even if the shell forgets NOTIFICATION_DEFAULTS.
    autoClose: NOTIFICATION_DEFAULTS.autoClose,
  });
}

/** Each returns the notification id (for `notifications.hide`). Needs `<Notifications />`. */
export const notify = {
  success: (message: ReactNode, title?: ReactNode, options?: NotifyOptions): string => show('success', message, title, options),
  error: (message: ReactNode, title?: ReactNode, options?: NotifyOptions): string => show('error', message, title, options),
  info: (message: ReactNode, title?: ReactNode, options?: NotifyOptions): string => show('info', message, title, options),
};

/** An error notification for anything thrown, API problems included. */
export function notifyProblem(error: unknown, title?: ReactNode): string {
  return notify.error(problemMessage(error), title);
}
