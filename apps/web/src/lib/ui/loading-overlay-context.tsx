import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface LoadingOverlayApi {
  active: boolean;
  show: () => void;
  hide: () => void;
  /** Shows the overlay until the work settles (either way) and passes its result through. */
  track: <T>(work: Promise<T> | (() => Promise<T>)) => Promise<T>;
}

const LoadingOverlayContext = createContext<LoadingOverlayApi | null>(null);

export function LoadingOverlayProvider({ children }: { children: ReactNode }) {
  // A count rather than a flag: with overlapping jobs, the first to finish must not hide the
  // overlay while another is still running.
  const [count, setCount] = useState(0);
  const show = useCallback(() => setCount((c) => c + 1), []);
  // Clamped so a stray extra hide() cannot leave the counter negative and the next show() unseen.
  const hide = useCallback(() => setCount((c) => Math.max(0, c - 1)), []);
  const track = useCallback(
    async <T,>(work: Promise<T> | (() => Promise<T>)): Promise<T> => {
      show();
      try {
        return await (typeof work === 'function' ? work() : work);
      } finally {
        hide();
      }
    },
    [show, hide],
  );
  const api = useMemo(() => ({ active: count > 0, show, hide, track }), [count, show, hide, track]);
  return <LoadingOverlayContext.Provider value={api}>{children}</LoadingOverlayContext.Provider>;
}

export function useLoadingOverlay(): LoadingOverlayApi {
  const api = useContext(LoadingOverlayContext);
  if (!api) throw new Error('useLoadingOverlay must be used inside <LoadingOverlayProvider>.');
  return api;
}
