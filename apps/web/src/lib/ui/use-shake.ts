import { useCallback, useEffect, useRef, useState } from 'react';
import classes from './shake.module.css';

/** Spec 9: a refused form or dialog shakes for this long. */
export const SHAKE_MS = 170;
export const shakeClassName: string = classes.shake;

/**
 * Put `className` on what was refused (a form whose sign-in failed, or a dialog's content via
 * Modal `classNames={{ content: className }}`) and call `shake()` when it is refused.
 */
export function useShake(): { shaking: boolean; shake: () => void; className: string | undefined } {
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const shake = useCallback(() => {
    // A second shake mid-animation is ignored: restarting it would need a forced reflow.
    if (timer.current !== undefined) return;
    setShaking(true);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setShaking(false);
    }, SHAKE_MS);
  }, []);

  return { shaking, shake, className: shaking ? shakeClassName : undefined };
}
