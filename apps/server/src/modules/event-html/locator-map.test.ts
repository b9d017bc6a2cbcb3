import { describe, expect, it } from 'vitest';
import { locatorMapSvg } from './locator-map.js';

describe('locatorMapSvg', () => {
  it('draws land, state lines and a pin in the middle', () => {
    const svg = locatorMapSvg(41.26, -95.94);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const paths = [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]);
    expect(paths[0].length).toBeGreaterThan(1000);
    expect(paths[1].length).toBeGreaterThan(1000);
    expect(svg).toContain('<circle cx="240" cy="150" r="5"');
  });

  it('at sea far from any state, still a valid drawing', () => {
    const svg = locatorMapSvg(-40, -140);
    expect(svg).toContain('<path d=""');
    expect(svg).toContain('</svg>');
  });
});
