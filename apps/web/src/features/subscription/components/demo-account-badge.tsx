import { Badge, Box, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '@/lib/session';
import { subscriptionQueryOptions } from '../api/get-subscription';

export const DEMO_ACCOUNT_HINT = 'This is a shared demo account: every feature is on so you can try everything. Anyone with the demo password can sign in to it, so keep nothing private here.';

/** Header marker for the shared demo accounts (subscription source "demo"); nothing for anyone else. */
export function DemoAccountBadge() {
  const user = useSessionUser();
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: Boolean(user) });
  const hintId = useId();
  if (!user || subscription.data?.source !== 'demo') return null;
  return (
    <Tooltip label={DEMO_ACCOUNT_HINT} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      {/* Focusable, so keyboard users reach the explanation too; screen readers get it as the description. */}
      <Badge
        component="span"
        role="note"
        tabIndex={0}
        variant="light"
        color="orange"
        radius="sm"
        tt="none"
        aria-describedby={hintId}
        data-testid="demo-account-badge"
        style={{ cursor: 'help', flexShrink: 0 }}
      >
        <Box component="span" visibleFrom="sm">
          Demo account
        </Box>
        <Box component="span" hiddenFrom="sm">
          Demo
        </Box>
        <VisuallyHidden id={hintId}>{DEMO_ACCOUNT_HINT}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
