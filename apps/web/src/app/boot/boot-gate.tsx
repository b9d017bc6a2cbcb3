import { useEffect, useState, type ReactNode } from 'react';
import { useLoadingOverlay } from '@/lib/ui';

interface BootGateProps<T> {
  /** The start-up steps and whatever the app needs from them (the router). */
  boot: Promise<T>;
  render: (booted: T) => ReactNode;
}

/**
 * Spec 4: the start-up steps (for a returning user a token refresh, a user fetch and a usage
 * fetch) run under the app's loading overlay; the app itself renders once they are done.
 */
export function BootGate<T>({ boot, render }: BootGateProps<T>) {
  const { track } = useLoadingOverlay();
  const [booted, setBooted] = useState<{ value: T } | null>(null);

  useEffect(() => {
    let mounted = true;
    track(boot).then(
      (value) => mounted && setBooted({ value }),
      (error: unknown) => console.error('Boot error', error),
    );
    return () => {
      mounted = false;
    };
  }, [boot, track]);

  return booted ? render(booted.value) : null;
}
