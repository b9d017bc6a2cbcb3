import { darken, lighten, luminance } from '@mantine/core';

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first of `candidates` that reaches `min` against every background, else the last one
 * pushed away from the backgrounds step by step (darkened on light ones, lightened on dark ones)
 * until it does. Mantine's lighter shades (yellow, teal, green…) are below 4.5:1 as text on
 * white, its dark scheme's dimmed gray is 4.0:1 on the dark body, and WCAG AA asks for 4.5:1.
 */
export function readableOn(candidates: string[], backgrounds: string[], min = 4.5): string {
  const ok = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= min);
  const found = candidates.find(ok);
  if (found) return found;
  let color = candidates[candidates.length - 1];
  const onDark = luminance(color) > luminance(backgrounds[0]);
  for (let step = 0; step < 20 && !ok(color); step++) color = onDark ? lighten(color, 0.05) : darken(color, 0.05);
  return color;
}
