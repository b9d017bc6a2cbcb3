/** Legacy `keyCode` values (spec 9), for code that still compares them. Prefer `event.key`. */
export const KEY_CODES = { Escape: 27, Enter: 13, Space: 32 } as const;

/** Default visible rows of a multi-line text field (spec 9). */
export const TEXTAREA_ROWS = 6;
