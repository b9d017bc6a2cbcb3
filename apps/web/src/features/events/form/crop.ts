/** Thumbnails are 16:9, like the cards and event pages that show them. */
export const THUMBNAIL_ASPECT = 16 / 9;
export const THUMBNAIL_MAX_WIDTH = 1280;
export const MAX_ZOOM = 4;

export interface Size {
  width: number;
  height: number;
}

/** Zoom 1 shows the largest 16:9 area; pan 0..1 slides it from left/top to right/bottom. */
export interface CropState {
  zoom: number;
  panX: number;
  panY: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const INITIAL_CROP: CropState = { zoom: 1, panX: 0.5, panY: 0.5 };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** The part of the source image, in its pixels, that the crop keeps. */
export function cropRect(image: Size, crop: CropState, aspect = THUMBNAIL_ASPECT): Rect {
  const baseWidth = Math.min(image.width, image.height * aspect);
  const zoom = clamp(crop.zoom, 1, MAX_ZOOM);
  const width = baseWidth / zoom;
  const height = width / aspect;
  return {
    x: (image.width - width) * clamp(crop.panX, 0, 1),
    y: (image.height - height) * clamp(crop.panY, 0, 1),
    width,
    height,
  };
}

/**
 * Moves the crop by a drag of (dx, dy) preview pixels: content follows the pointer, so dragging
 * right shows more of the left side.
 */
export function panBy(image: Size, crop: CropState, dx: number, dy: number, previewWidth: number, aspect = THUMBNAIL_ASPECT): CropState {
  const rect = cropRect(image, crop, aspect);
  const scale = rect.width / previewWidth;
  const spareX = image.width - rect.width;
  const spareY = image.height - rect.height;
  return {
    zoom: crop.zoom,
    panX: spareX > 0 ? clamp(crop.panX - (dx * scale) / spareX, 0, 1) : 0.5,
    panY: spareY > 0 ? clamp(crop.panY - (dy * scale) / spareY, 0, 1) : 0.5,
  };
}

/** Output pixels: the crop's own size, capped so uploads stay small; never upscaled. */
export function outputSize(rect: Rect, maxWidth = THUMBNAIL_MAX_WIDTH, aspect = THUMBNAIL_ASPECT): Size {
  const width = Math.max(1, Math.round(Math.min(rect.width, maxWidth)));
  return { width, height: Math.max(1, Math.round(width / aspect)) };
}
