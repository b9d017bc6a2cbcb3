import { describe, expect, it } from 'vitest';
import { labelAnchor, poleOfInaccessibility, ringArea, type Ring } from './label-point';

const square: Ring = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];

// An L shape whose centroid (about 3.9, 3.9) is near the inner corner; the label must be inside an arm.
const lShape: Ring = [
  [0, 0],
  [10, 0],
  [10, 2],
  [2, 2],
  [2, 10],
  [0, 10],
  [0, 0],
];

describe('label point', () => {
  it('measures ring area', () => {
    expect(ringArea(square)).toBe(100);
  });

  it('puts a square label at its centre', () => {
    const [x, y] = poleOfInaccessibility([square]);
    expect(x).toBeCloseTo(5, 0);
    expect(y).toBeCloseTo(5, 0);
  });

  it('keeps the label inside a concave shape', () => {
    const [x, y] = poleOfInaccessibility([lShape]);
    const insideBottomArm = y >= 0 && y <= 2 && x >= 0 && x <= 10;
    const insideLeftArm = x >= 0 && x <= 2 && y >= 0 && y <= 10;
    expect(insideBottomArm || insideLeftArm).toBe(true);
  });

  it('labels the largest part of a multipolygon', () => {
    const island: Ring = [
      [20, 20],
      [21, 20],
      [21, 21],
      [20, 21],
      [20, 20],
    ];
    const anchor = labelAnchor([[island], [square]]);
    expect(anchor?.area).toBe(100);
    expect(anchor?.position[0]).toBeLessThan(10);
  });

  it('returns null for empty geometry', () => {
    expect(labelAnchor([])).toBeNull();
  });
});
