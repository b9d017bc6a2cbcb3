import { darken, luminance } from '@mantine/core';

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first of `candidates` that reaches `min` against every background, else the last one
 * darkened step by step until it does. Mantine's lighter shades (yellow, teal, green…) are below
 * 4.5:1 as text on white, and WCAG AA asks for 4.5:1 on body text.
 */
export function readableOn(candidates: string[], backgrounds: string[], min = 4.5): string {
  const ok = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= min);
  const found = candidates.find(ok);
  if (found) return found;
  let color = candidates[candidates.length - 1];
  for (let step = 0; step < 20 && !ok(color); step++) color = darken(color, 0.05);
  return color;
}
