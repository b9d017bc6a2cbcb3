import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { cssVariablesResolver } from './css-variables';
import { theme } from './theme';

describe('the light scheme colours', () => {
  const { light } = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));

  it('gives every theme colour a text shade of at least 4.5:1 on white and on light gray', () => {
    for (const name of Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'dark')) {
      const text = light[`--mantine-color-${name}-text`];
      expect(contrastRatio(text, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, DEFAULT_THEME.colors.gray[1]), name).toBeGreaterThanOrEqual(4.5);
      expect(light[`--mantine-color-${name}-light-color`]).toBe(text);
    }
  });

  it('keeps dimmed text readable', () => {
    expect(contrastRatio(light['--mantine-color-dimmed'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light['--mantine-color-dimmed'], DEFAULT_THEME.colors.gray[1])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the dark scheme colours', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const { dark } = cssVariablesResolver(merged);
  const surfaces = [merged.colors.dark[7], merged.colors.dark[6]];

  it('gives every theme colour a text shade of at least 4.5:1 on the body and on cards', () => {
    for (const name of Object.keys(DEFAULT_THEME.colors).filter((c) => c !== 'dark')) {
      for (const key of ['text', 'light-color', 'outline']) {
        for (const surface of surfaces) expect(contrastRatio(dark[`--mantine-color-${name}-${key}`], surface), `${name} ${key} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps dimmed text and links readable, dimmed text also on raised rows', () => {
    for (const surface of [...surfaces, merged.colors.dark[5]]) expect(contrastRatio(dark['--mantine-color-dimmed'], surface), surface).toBeGreaterThanOrEqual(4.5);
    for (const surface of surfaces) expect(contrastRatio(dark['--mantine-color-anchor'], surface), surface).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps dimmed text dimmer than body text, so it still reads as secondary', () => {
    expect(contrastRatio(dark['--mantine-color-dimmed'], merged.colors.dark[7])).toBeLessThan(contrastRatio(merged.colors.dark[0], merged.colors.dark[7]));
  });
});
