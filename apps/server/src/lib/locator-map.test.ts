import { describe, expect, it } from 'vitest';
import { locatorMapSvg } from './locator-map.js';

const pathsOf = (svg: string) => Object.fromEntries([...svg.matchAll(/<path class="(\w+)" d="([^"]*)"/g)].map((m) => [m[1], m[2]]));

describe('locatorMapSvg', () => {
  it('draws land, state lines and a pin in the middle', () => {
    const svg = locatorMapSvg(41.26, -95.94);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const paths = pathsOf(svg);
    expect(paths.land).toMatch(/^M/);
    expect(paths.lines.length).toBeGreaterThan(1000);
    expect(svg).toContain('<circle class="pin" cx="240" cy="150" r="7"');
  });

  it('cuts outlines to the frame and thins them: a coast with many states weighs kilobytes, every point near the frame', () => {
    const svg = locatorMapSvg(40.7, -74);
    expect(svg.length).toBeLessThan(40_000);
    const points = [...svg.matchAll(/[ML](-?\d+) (-?\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(points.length).toBeGreaterThan(200);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(-4);
      expect(x).toBeLessThanOrEqual(484);
      expect(y).toBeGreaterThanOrEqual(-4);
      expect(y).toBeLessThanOrEqual(304);
    }
  });

  it('at sea far from any state, still a valid drawing', () => {
    const svg = locatorMapSvg(-40, -140);
    expect(svg).toContain('<path class="land" d=""');
    expect(svg).toContain('</svg>');
  });

  it('names the place it shows, escaped', () => {
    expect(locatorMapSvg(41.26, -95.94, { label: 'Map: "Omaha" <NE>' })).toContain('aria-label="Map: &quot;Omaha&quot; &lt;NE&gt;"');
  });
});
