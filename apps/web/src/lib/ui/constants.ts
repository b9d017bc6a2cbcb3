/** Default visible rows of a multi-line text field (spec 9). */
export const TEXTAREA_ROWS = 6;
