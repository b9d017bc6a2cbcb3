import { useCallback, useEffect, useRef, useState } from 'react';
import { newFlyerAnnouncements } from '../buzz-model';

/**
 * The text of the buzz's live region: new flyers as they arrive on screen, plus whatever the
 * caller announces (the host's messages). Each announcement replaces the last, so a screen
 * reader reads it once (a polite region reads changes, not the whole history).
 */
export function useBuzzAnnouncer(activeFlyers: readonly { id: string; name: string }[]) {
  const [message, setMessage] = useState('');
  const seen = useRef(new Set<string>());

  useEffect(() => {
    const lines = newFlyerAnnouncements(seen.current, activeFlyers);
    // A flyer that goes and comes back is new again.
    seen.current = new Set(activeFlyers.map((f) => f.id));
    if (lines.length) setMessage(lines.join('. '));
  }, [activeFlyers]);

  const announce = useCallback((text: string) => setMessage(text), []);
  return { message, announce };
}
