import { describe, expect, it } from 'vitest';
import { cropRect, INITIAL_CROP, outputSize, panBy } from './crop';

describe('thumbnail crop', () => {
  it('takes the largest centred 16:9 area at zoom 1', () => {
    // A square photo: full width, a 9/16 band through the middle.
    expect(cropRect({ width: 1600, height: 1600 }, INITIAL_CROP)).toEqual({ x: 0, y: 350, width: 1600, height: 900 });
    // A panorama: full height, centred horizontally.
    expect(cropRect({ width: 4000, height: 900 }, INITIAL_CROP)).toEqual({ x: 1200, y: 0, width: 1600, height: 900 });
  });

  it('zooms into a smaller area and pans within the image', () => {
    const rect = cropRect({ width: 1600, height: 900 }, { zoom: 2, panX: 0, panY: 1 });
    expect(rect).toEqual({ x: 0, y: 450, width: 800, height: 450 });
  });

  it('moves content with the pointer and stops at the edges', () => {
    const image = { width: 1600, height: 900 };
    const zoomed = { zoom: 2, panX: 0.5, panY: 0.5 };
    // Preview 400 px wide shows 800 source px: a 100 px drag right moves 200 px, a quarter of the 800 spare.
    expect(panBy(image, zoomed, 100, 0, 400)).toEqual({ zoom: 2, panX: 0.25, panY: 0.5 });
    expect(panBy(image, zoomed, -10_000, 10_000, 400)).toEqual({ zoom: 2, panX: 1, panY: 0 });
    // Nothing to pan at zoom 1 on a 16:9 image.
    expect(panBy(image, INITIAL_CROP, 50, 50, 400)).toEqual(INITIAL_CROP);
  });

  it('caps the output width and never upscales', () => {
    expect(outputSize({ x: 0, y: 0, width: 3200, height: 1800 })).toEqual({ width: 1280, height: 720 });
    expect(outputSize({ x: 0, y: 0, width: 640, height: 360 })).toEqual({ width: 640, height: 360 });
  });
});
