import { queryClient } from '@/lib/api';
import { session } from '@/lib/session';
import { usageQueryOptions } from '@/features/account/api/get-usage';
import { endExpiredSession, installUnauthorizedHandler } from '../session-lifecycle';
import type { BootStep } from './run-boot';

/**
 * Restores the session from the cookie; a returning user gets a refresh, a user
 * fetch and a usage fetch while the loading screen is still up. Failures there
 * are ignored: the app simply starts with what it has.
 */
export const authStep: BootStep = {
  name: 'authentication',
  async run() {
    installUnauthorizedHandler();
    if (!(await session.restore())) return;
    const refreshed = await session.refresh().catch(() => false);
    if (!refreshed) {
      await endExpiredSession();
      return;
    }
    await Promise.allSettled([session.fetchUser(), queryClient.fetchQuery(usageQueryOptions())]);
  },
};
