/**
 * The sizes of the search map's event markers, shared by the server that lays out the event tiles
 * and the web map that draws them: the server keeps every marker far enough from its cell's edges
 * that two markers of neighbouring cells can never touch, which only holds if both sides agree on
 * how large a marker is. All lengths are CSS pixels at the tile's own zoom (MapLibre draws a
 * vector tile EVENT_TILE_SIZE_PX wide, and larger between zooms, which only moves markers apart).
 */

/** How wide MapLibre draws a vector tile, in CSS pixels. */
export const EVENT_TILE_SIZE_PX = 512;

/** Cells per tile side: 64 px cells, room for two of the largest markers side by side. */
export const EVENT_TILE_GRID = 8;

/** The least clear space between two markers. */
export const MARKER_GAP_PX = 2;

/** A single event's dot, by map zoom (interpolated between), and its white ring. */
export const PIN_RADIUS_PX = { zoom4: 5, zoom14: 7 } as const;
export const PIN_STROKE_PX = 1.5;

/** A live single event: a larger red dot in a soft halo. */
export const LIVE_DOT_RADIUS_PX = 8;
export const LIVE_DOT_STROKE_PX = 2.5;
export const LIVE_HALO_RADIUS_PX = 15;
/** How far the ring pulsing round a live marker (a live event or a cluster holding one) grows beyond the marker's circle, and its width. */
export const LIVE_PULSE_GROW_PX = 8;
export const LIVE_PULSE_STROKE_PX = 2;

/** A cluster's white ring, or the red one it wears when it holds a live event. */
export const CLUSTER_STROKE_PX = 2;
export const CLUSTER_LIVE_STROKE_PX = 3.5;

/**
 * A cluster's radius by the length of its label (bold 12 px digits are about 7 px wide): each
 * label fits inside its circle with a few pixels to spare.
 */
export const CLUSTER_RADIUS_STEPS: readonly { from: number; radius: number }[] = [
  { from: 2, radius: 11 }, // "2" to "9"
  { from: 10, radius: 13 }, // "10" to "99"
  { from: 100, radius: 16 }, // "100" to "999"
  { from: 1000, radius: 19 }, // "1.2k", "57k", "1.2M": four characters at most
];

/** What a cluster's circle says: the count, shortened to four characters at most (1234 → "1.2k", 56789 → "57k"). */
export function clusterLabel(count: number): string {
  if (count < 1000) return String(count);
  if (count < 9950) return `${Math.round(count / 100) / 10}k`;
  if (count < 999_500) return `${Math.round(count / 1000)}k`;
  if (count < 9_950_000) return `${Math.round(count / 100_000) / 10}M`;
  return `${Math.round(count / 1_000_000)}M`;
}

export function clusterRadius(count: number): number {
  let radius = CLUSTER_RADIUS_STEPS[0].radius;
  for (const step of CLUSTER_RADIUS_STEPS) if (count >= step.from) radius = step.radius;
  return radius;
}

/**
 * How far from its position a marker reaches at most, rings and halo included, at any zoom:
 * what the tile layout keeps clear of the cell's edges.
 */
export function markerReach(count: number, live: number): number {
  const pulse = LIVE_PULSE_GROW_PX + LIVE_PULSE_STROKE_PX / 2;
  if (count > 1) return clusterRadius(count) + (live > 0 ? Math.max(CLUSTER_LIVE_STROKE_PX, pulse) : CLUSTER_STROKE_PX);
  if (live > 0) return Math.max(LIVE_HALO_RADIUS_PX, LIVE_DOT_RADIUS_PX + Math.max(LIVE_DOT_STROKE_PX, pulse));
  return Math.max(PIN_RADIUS_PX.zoom4, PIN_RADIUS_PX.zoom14) + PIN_STROKE_PX;
}
