import { VisuallyHidden } from '@mantine/core';

/** The buzz's polite live region: screen readers read each new message once, without moving focus. */
export function BuzzLiveRegion({ message }: { message: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="buzz-announcer">
      {message}
    </VisuallyHidden>
  );
}
