import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { queryKeys } from '@/lib/api';
import { session } from '@/lib/session';

/** How long to wait for Stripe's webhook after coming back from Checkout. */
const WAIT_MS = 20_000;
const POLL_MS = 1_500;

interface Holding {
  plan: string;
  addOns: string[];
}
const keyOf = (h: Holding) => `${h.plan}|${[...h.addOns].sort().join(',')}`;

/**
 * Back from Checkout (`?checkout=success`) the plan changes once Stripe's webhook has arrived,
 * which may be a moment later. What the token held on return is the baseline: poll the
 * subscription until the server's differs, then rotate the token so its Feature claim (the badge,
 * the limits the screens show) carries the new plan at once.
 */
export function useCheckoutReturn(server: Holding | undefined, token: Holding) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const outcome = params.get('checkout');
  const [phase, setPhase] = useState<'waiting' | 'arrived' | 'done'>(outcome === 'success' ? 'waiting' : 'done');
  // What the token held on return, fixed for this visit.
  const [baseline] = useState(() => keyOf(token));
  const settled = useRef(false);

  useEffect(() => {
    if (!outcome) return;
    setParams(
      (p) => {
        p.delete('checkout');
        p.delete('session_id');
        return p;
      },
      { replace: true },
    );
    if (outcome !== 'success') {
      notifications.show({ color: 'gray', title: 'Checkout canceled', message: 'Nothing was charged and your plan is unchanged.' });
      return;
    }
    const timer = window.setTimeout(() => {
      if (settled.current) return;
      setPhase('done');
      notifications.show({ color: 'blue', title: 'Payment received', message: 'Stripe is still confirming it: your plan changes in a moment. Reload this page to see it.' });
    }, WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, setParams]);

  // The server's plan differs from the baseline: the wait is over as of this render (no more polling).
  const serverKey = server ? keyOf(server) : null;
  if (phase === 'waiting' && serverKey !== null && serverKey !== baseline) setPhase('arrived');

  // Then, once: the token catches up and the person is thanked.
  useEffect(() => {
    if (phase !== 'arrived' || settled.current) return;
    settled.current = true;
    void session.refresh().then(() => {
      void client.invalidateQueries({ queryKey: queryKeys.usage });
      void client.invalidateQueries({ queryKey: queryKeys.account });
    });
    notifications.show({ color: 'teal', title: 'Thank you', message: `Your account is on ${server?.plan} now.` });
  }, [phase, server?.plan, client]);

  const waiting = phase === 'waiting';
  return { confirming: waiting, pollMs: waiting ? POLL_MS : (false as const) };
}
