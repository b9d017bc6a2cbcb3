/** `#` stands for one digit; every other character is a literal laid in between. */
export const masks = {
  date: '####/##/##',
  datetime: '####/##/## ##:##',
  time: '##:##',
  fulltime: '##:##:##',
  phone: '(###) ### - ####',
  card: '#### #### #### ####',
} as const;

export type MaskName = keyof typeof masks;

const DIGIT_SLOT = '#';

/** Accepts a mask name or a literal pattern. */
export function resolveMask(mask: MaskName | string): string {
  return Object.hasOwn(masks, mask) ? masks[mask as MaskName] : mask;
}

export function unmask(value: string): string {
  return value.replace(/\D/g, '');
}

export function applyMask(value: string, mask: MaskName | string): string {
  const pattern = resolveMask(mask);
  const digits = unmask(value);
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    // Stopping before a literal with no digit after it lets backspace delete past separators.
    if (next >= digits.length) break;
    if (slot === DIGIT_SLOT) out += digits[next++];
    else out += slot;
  }
  return out;
}
