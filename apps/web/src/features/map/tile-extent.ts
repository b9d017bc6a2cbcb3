import { EVENT_TILE_EXTENT } from '@hubbub/contract';
import type { Edges } from './map-view';

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** A cluster's members' extent inside its tile, in tile units, inclusive (the tile's `x0 y0 x1 y1`). */
export interface TileExtent {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const lngOf = (worldX: number, world: number) => (worldX / world) * 360 - 180;
const latOf = (worldY: number, world: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * worldY) / world))) * 180) / Math.PI;

/** The tile at zoom z that holds a point (web mercator, rows from the north). */
export function tileAt(longitude: number, latitude: number, z: number): TileId {
  const n = 2 ** z;
  const lat = Math.max(-85.0511287798066, Math.min(85.0511287798066, latitude));
  const r = (lat * Math.PI) / 180;
  const x = Math.min(n - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * n)));
  const y = Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)));
  return { z, x, y };
}

/**
 * The box in degrees covering a cluster's extent. The extent's last unit is inclusive, so the box
 * reaches the far side of it: every member lies inside.
 */
export function extentEdges(tile: TileId, extent: TileExtent, tileExtent = EVENT_TILE_EXTENT): Edges {
  const world = 2 ** tile.z * tileExtent;
  const left = tile.x * tileExtent;
  const top = tile.y * tileExtent;
  return {
    west: lngOf(left + extent.x0, world),
    east: lngOf(left + extent.x1 + 1, world),
    north: latOf(top + extent.y0, world),
    south: latOf(top + extent.y1 + 1, world),
  };
}

/** True when every member sits within a unit or two: zooming in would not split them. */
export function isOneSpot(extent: TileExtent): boolean {
  return extent.x1 - extent.x0 <= 2 && extent.y1 - extent.y0 <= 2;
}

/** Reads a tile feature's `x0 y0 x1 y1`; null when any is missing (a single event has none). */
export function extentOf(properties: Record<string, unknown> | null | undefined): TileExtent | null {
  if (!properties) return null;
  const { x0, y0, x1, y1 } = properties;
  if ([x0, y0, x1, y1].every((v) => typeof v === 'number' && Number.isFinite(v))) {
    return { x0: x0 as number, y0: y0 as number, x1: x1 as number, y1: y1 as number };
  }
  return null;
}
