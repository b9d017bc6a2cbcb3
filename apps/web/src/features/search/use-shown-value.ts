import { useState } from 'react';

/**
 * A filter's value as its control shows it: the pick at once, then whatever the URL says. The
 * search state comes from the URL, which the router commits in a transition; on a busy main thread
 * (a map drawing in software) that took two seconds, and a control that waits for it looks as if
 * the click was lost.
 */
export function useShownValue<T>(value: T, same: (a: T, b: T) => boolean = Object.is): [T, (next: T) => void] {
  const [shown, setShown] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!same(seen, value)) {
    setSeen(value);
    setShown(value);
  }
  return [shown, setShown];
}
