import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface FieldErrorProps extends Omit<AlertProps, 'children' | 'color' | 'role'> {
  message?: string | null;
}

/** Spec 5: a field with an error message shows it as an alert. */
export function FieldError({ message, ...alertProps }: FieldErrorProps) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={18} aria-hidden />}
      py="xs"
      {...alertProps}
    >
      {message}
    </Alert>
  );
}
