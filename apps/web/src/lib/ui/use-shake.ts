import { useCallback, useEffect, useRef, useState } from 'react';
import classes from './shake.module.css';

/** Spec 9: a dialog that refuses to close shakes for this long. */
export const SHAKE_MS = 170;
export const shakeClassName: string = classes.shake;

/**
 * Put `className` on the dialog content (e.g. Modal `classNames={{ content: className }}`) and
 * call `shake()` from a blocked close, such as a click outside a dialog with unsaved changes.
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
