import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/api';
import type { Subscription } from '@hubbub/contract';
import { DEMO_ACCOUNT_HINT, DemoAccountBadge } from './demo-account-badge';

const signedIn = vi.hoisted(() => ({ current: true }));
vi.mock('@/lib/session', () => ({ useSessionUser: () => (signedIn.current ? { id: 'u1', email: 'demo@hubbub.local', name: 'Demo', claims: {} } : null) }));

const subscription = (source: Subscription['source']): Subscription => ({
  plan: 'Enterprise',
  addOns: [],
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  source,
  billing: 'operator',
  canManageBilling: false,
});

function renderWith(source: Subscription['source']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.subscription, subscription(source));
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <DemoAccountBadge />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the demo account badge', () => {
  it('shows for a signed-in demo account, with the explanation as its description', () => {
    renderWith('demo');
    const badge = screen.getByTestId('demo-account-badge');
    expect(badge.textContent).toContain('Demo account');
    expect(document.getElementById(badge.getAttribute('aria-describedby')!)?.textContent).toBe(DEMO_ACCOUNT_HINT);
  });

  it('shows nothing for any other account, or when signed out', () => {
    renderWith('operator');
    expect(screen.queryByTestId('demo-account-badge')).toBeNull();
    signedIn.current = false;
    renderWith('demo');
    expect(screen.queryByTestId('demo-account-badge')).toBeNull();
  });
});
