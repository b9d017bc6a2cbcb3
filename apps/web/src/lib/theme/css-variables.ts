import type { CSSVariablesResolver } from '@mantine/core';
import { readableOn } from './contrast';

const WHITE = '#ffffff';

/** The light tint Mantine paints "light" variants with (shade 6 at 10 %), flattened on `base`. */
function tint(color: string, base: string = WHITE): string {
  const [fg, bg] = [color, base].map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
  const mix = (i: number) => Math.round(fg[i] * 0.1 + bg[i] * 0.9);
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
}

/**
 * Light scheme only: text drawn in a theme colour (`c="teal"`, light and outline variants, alert
 * titles) and dimmed text reach WCAG AA (4.5:1) on white and on the colour's own light tint.
 * Mantine's defaults use shade 6 (red 3.3:1, teal 2.6:1, gray "dimmed" 3.3:1). Dark scheme keeps
 * Mantine's values.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    // Light badges and alerts also sit on striped and hovered rows (gray 1), a shade darker than white.
    const text = readableOn([shades[7], shades[8], shades[9]], [WHITE, theme.colors.gray[1], tint(shades[6]), tint(shades[6], theme.colors.gray[1])], 4.6);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  light['--mantine-color-dimmed'] = readableOn([theme.colors.gray[6], theme.colors.gray[7]], [WHITE, theme.colors.gray[0], theme.colors.gray[1]]);
  light['--mantine-color-anchor'] = readableOn([theme.colors[theme.primaryColor][6], theme.colors[theme.primaryColor][7]], [WHITE, theme.colors.gray[0], tint(theme.colors[theme.primaryColor][6])]);
  return { variables: {}, light, dark: {} };
};
