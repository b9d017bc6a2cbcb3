import { useState } from 'react';

/**
 * What the person is typing for `value`: it follows `value` when that changes from elsewhere,
 * unless the draft already says the same (`same`), so typing is never overwritten by its own echo.
 * Adjusted while rendering, as React advises for state derived from a prop: an effect would show
 * the stale draft for a frame first.
 */
export function useSyncedDraft(value: string, same: (draft: string, value: string) => boolean) {
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    if (!same(draft, value)) setDraft(value);
  }
  return [draft, setDraft] as const;
}
