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
