import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Spec 8: browsers without the Fullscreen API (iOS Safari on iPhone) get "Not capable". */
export function fullscreenSupported(): boolean {
  return typeof document !== 'undefined' && Boolean(document.fullscreenEnabled) && typeof document.documentElement.requestFullscreen === 'function';
}

export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement === target.current && target.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);

  /** Resolves false when the browser cannot (or refused to) go fullscreen. */
  const toggle = useCallback(async (): Promise<boolean> => {
    if (!fullscreenSupported() || !target.current) return false;
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await target.current.requestFullscreen();
      return true;
    } catch {
      return false;
    }
  }, [target]);

  return { active, toggle };
}
