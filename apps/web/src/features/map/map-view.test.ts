import { describe, expect, it } from 'vitest';
import { boxFromEdges, boxFromView, crossesAntimeridian, nearlySameBox, normalizeLongitude, roundView } from './map-view';

describe('normalizeLongitude', () => {
  it('keeps values in range and wraps the rest', () => {
    expect(normalizeLongitude(-98.35)).toBe(-98.35);
    expect(normalizeLongitude(180)).toBe(180);
    expect(normalizeLongitude(-180)).toBe(-180);
    expect(normalizeLongitude(190)).toBeCloseTo(-170);
    expect(normalizeLongitude(-190)).toBeCloseTo(170);
    expect(normalizeLongitude(540)).toBe(180);
    expect(normalizeLongitude(361)).toBeCloseTo(1);
  });
});

describe('boxFromEdges', () => {
  it('turns ordinary bounds into a box, rounded outwards', () => {
    expect(boxFromEdges({ west: -97.812345, south: 30.123456, east: -97.612341, north: 30.423451 })).toEqual({
      minLatitude: 30.1234,
      maxLatitude: 30.4235,
      minLongitude: -97.8124,
      maxLongitude: -97.6123,
    });
  });

  it('keeps west > east when the view crosses the antimeridian', () => {
    // Panning east from Fiji: maplibre reports east beyond 180.
    const box = boxFromEdges({ west: 170, south: -20, east: 190, north: -10 });
    expect(box.minLongitude).toBe(170);
    expect(box.maxLongitude).toBeCloseTo(-170);
    expect(crossesAntimeridian(box)).toBe(true);
  });

  it('handles bounds reported west of -180', () => {
    const box = boxFromEdges({ west: -190, south: 50, east: -170, north: 60 });
    expect(box.minLongitude).toBeCloseTo(170);
    expect(box.maxLongitude).toBe(-170);
    expect(crossesAntimeridian(box)).toBe(true);
  });

  it('treats an east edge exactly on 180 as the right-hand edge', () => {
    const box = boxFromEdges({ west: 160, south: 0, east: 180, north: 10 });
    expect(box).toMatchObject({ minLongitude: 160, maxLongitude: 180 });
    expect(crossesAntimeridian(box)).toBe(false);
  });

  it('becomes the whole world when the view is wider than 360°', () => {
    expect(boxFromEdges({ west: -300, south: -85, east: 300, north: 85 })).toEqual({
      minLatitude: -85,
      maxLatitude: 85,
      minLongitude: -180,
      maxLongitude: 180,
    });
  });

  it('clamps latitudes', () => {
    const box = boxFromEdges({ west: -10, south: -95, east: 10, north: 95 });
    expect(box.minLatitude).toBe(-90);
    expect(box.maxLatitude).toBe(90);
  });
});

describe('roundView', () => {
  it('rounds for the URL and wraps the longitude', () => {
    expect(roundView({ latitude: 39.5000001, longitude: -458.35, zoom: 3.456 })).toEqual({ latitude: 39.5, longitude: -98.35, zoom: 3.46 });
  });
});

describe('boxFromView', () => {
  it('is the box MapLibre shows: at zoom 0 a 512 px map is the whole world across', () => {
    const box = boxFromView({ latitude: 0, longitude: 0, zoom: 0 }, 512, 512);
    expect([box.minLongitude, box.maxLongitude]).toEqual([-180, 180]);
    expect(box.maxLatitude).toBeCloseTo(85.0511, 3);
    expect(box.minLatitude).toBeCloseTo(-85.0511, 3);
  });

  it('halves with each zoom step across, and follows Mercator north and south', () => {
    // Kansas City at zoom 10 in a 1280 × 800 map: 1280 px of a 524,288 px world.
    const box = boxFromView({ latitude: 39.0997, longitude: -94.5786, zoom: 10 }, 1280, 800);
    expect(box.maxLongitude - box.minLongitude).toBeCloseTo((1280 / 524_288) * 360, 3);
    expect((box.maxLatitude + box.minLatitude) / 2).toBeCloseTo(39.0997, 1);
    // Mercator stretches the north: a pixel there spans fewer degrees than one to the south.
    const us = boxFromView({ latitude: 39, longitude: -96, zoom: 4 }, 1280, 800);
    expect(us.maxLatitude - 39).toBeLessThan(39 - us.minLatitude);
  });

  it('wraps across the antimeridian as the map reports it', () => {
    const box = boxFromView({ latitude: 0, longitude: 179, zoom: 4 }, 1024, 512);
    expect(crossesAntimeridian(box)).toBe(true);
  });
});

describe('nearlySameBox', () => {
  const box = { minLatitude: 30, maxLatitude: 40, minLongitude: -100, maxLongitude: -90 };
  it('takes a few thousandths apart as the same search, and a pan as a new one', () => {
    expect(nearlySameBox(box, { ...box, minLatitude: 30.05, maxLongitude: -89.95 })).toBe(true);
    expect(nearlySameBox(box, { ...box, minLongitude: -99, maxLongitude: -89 })).toBe(false);
  });
});
