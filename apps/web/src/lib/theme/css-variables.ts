import type { CSSVariablesResolver } from '@mantine/core';
import { readableOn } from './contrast';

const WHITE = '#ffffff';

/** A theme colour at `alpha` flattened on `base`: how Mantine's "light" variant tints look on the page. */
function tint(color: string, base: string, alpha: number): string {
  const [fg, bg] = [color, base].map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
  const mix = (i: number) => Math.round(fg[i] * alpha + bg[i] * (1 - alpha));
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
}

/**
 * Text drawn in a theme colour (`c="teal"`, light and outline variants, alert titles), links and
 * dimmed text reach WCAG AA (4.5:1) on every surface they sit on, in both schemes.
 * Light: Mantine's defaults use shade 6 (red 3.3:1, teal 2.6:1, gray "dimmed" 3.3:1 on white).
 * Dark: its dimmed gray is 4.0:1 on the body and violet text 4.0:1 on a card.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const gray = theme.colors.gray;
  // The dark scheme's surfaces: the body (7), cards and inputs (6) and hovered or raised rows (5).
  const [body, card, raised] = [theme.colors.dark[7], theme.colors.dark[6], theme.colors.dark[5]];
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    // Light badges and alerts also sit on striped and hovered rows (gray 1), a shade darker than white.
    const lightText = readableOn([shades[7], shades[8], shades[9]], [WHITE, gray[1], tint(shades[6], WHITE, 0.1), tint(shades[6], gray[1], 0.1)], 4.6);
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-light-color`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    // Mantine's dark light variant is shade 6 at 15 % over the surface.
    const darkText = readableOn([shades[4], shades[3], shades[2]], [body, card, tint(shades[6], body, 0.15), tint(shades[6], card, 0.15)], 4.6);
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
    dark[`--mantine-color-${name}-light-color`] = readableOn([shades[3], shades[2], shades[1]], [body, card, tint(shades[6], body, 0.15), tint(shades[6], card, 0.15)], 4.6);
  }
  const primary = theme.colors[theme.primaryColor];
  light['--mantine-color-dimmed'] = readableOn([gray[6], gray[7]], [WHITE, gray[0], gray[1]]);
  light['--mantine-color-anchor'] = readableOn([primary[6], primary[7]], [WHITE, gray[0], tint(primary[6], WHITE, 0.1)]);
  dark['--mantine-color-dimmed'] = readableOn([theme.colors.dark[2]], [body, card, raised]);
  dark['--mantine-color-anchor'] = readableOn([primary[4], primary[3]], [body, card, tint(primary[6], body, 0.15)]);
  return { variables: {}, light, dark };
};
