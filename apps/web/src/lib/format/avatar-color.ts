import type { MantineColor } from '@mantine/core';

// Red, yellow and grays are left out so an avatar never reads as an error, warning or disabled.
export const AVATAR_COLORS = [
  'blue',
  'cyan',
  'grape',
  'green',
  'indigo',
  'orange',
  'pink',
  'teal',
  'violet',
] as const satisfies readonly MantineColor[];

/** FNV-1a (32 bit): cheap, stable across sessions and browsers, and spreads short strings well. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The same name always gets the same colour, ignoring case and surrounding spaces. */
export function avatarColor(name: string): MantineColor {
  const key = name.normalize('NFC').trim().toLowerCase();
  return AVATAR_COLORS[hash(key) % AVATAR_COLORS.length];
}
