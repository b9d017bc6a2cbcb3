import type { LightMyRequestResponse } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { EVENT_TILE_LAYER } from '@hubbub/contract';

/** What each feature of an event tile says: its cell's count, the event's id when alone, whether one is live. */
export interface TileFeature {
  count: number;
  id?: string;
  live?: number;
}

/** The features of an event tile's layer, from the answer's bytes; none when the tile has no events. */
export function tileFeatures(res: LightMyRequestResponse): TileFeature[] {
  const layer = new VectorTile(new PbfReader(res.rawPayload)).layers[EVENT_TILE_LAYER];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties as unknown as TileFeature);
}
