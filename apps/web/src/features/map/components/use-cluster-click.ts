import { useCallback, useState, type RefObject } from 'react';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { boxFromEdges, type Box } from '../map-view';
import { extentEdges, extentOf, isOneSpot, tileAt, type TileId } from '../tile-extent';
import { EVENT_TILES_MAX_ZOOM } from './event-layers';

/**
 * The tile a rendered feature came from. MapLibre keeps it on the feature (`_z/_x/_y`, not in its
 * typings); should that change, the tile at the map's zoom that holds the point is the same one
 * whenever the tiles in view are the current ones.
 */
function tileOf(feature: MapGeoJSONFeature, longitude: number, latitude: number, zoom: number): TileId {
  const own = feature as unknown as { _z?: unknown; _x?: unknown; _y?: unknown };
  if (typeof own._z === 'number' && typeof own._x === 'number' && typeof own._y === 'number') return { z: own._z, x: own._x, y: own._y };
  return tileAt(longitude, latitude, Math.min(EVENT_TILES_MAX_ZOOM, Math.floor(zoom)));
}

/** A cluster whose events share one spot: zooming in would not split it, so the page lists them. */
export interface EventSpot {
  box: Box;
  count: number;
}

type PlacedSpot = EventSpot & { longitude: number; latitude: number };

interface ClusterClickOptions {
  mapRef: RefObject<MapRef | null>;
  /** The event tiles' URL: a popup belongs to the search it came from. */
  tiles: string;
  onEventClick?: (id: string) => void;
  reduceMotion: boolean;
}

/**
 * A click on the event layers: an event opens, a cluster zooms to its events, and a cluster that
 * zooming would not split (its events share a spot) opens a popup listing them.
 */
export function useClusterClick({ mapRef, tiles, onEventClick, reduceMotion }: ClusterClickOptions) {
  const [spot, setSpot] = useState<PlacedSpot | null>(null);
  const [spotTiles, setSpotTiles] = useState(tiles);
  if (spotTiles !== tiles) {
    setSpotTiles(tiles);
    setSpot(null);
  }

  const handleClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const map = mapRef.current?.getMap();
      if (!feature || !map || feature.geometry.type !== 'Point') {
        setSpot(null);
        return;
      }
      const [longitude, latitude] = feature.geometry.coordinates;
      const properties = feature.properties as Record<string, unknown>;
      if (typeof properties.id === 'string') {
        onEventClick?.(properties.id);
        return;
      }
      const extent = extentOf(properties);
      if (!extent) return;
      const edges = extentEdges(tileOf(feature, longitude, latitude, map.getZoom()), extent);
      if (isOneSpot(extent) || map.getZoom() >= EVENT_TILES_MAX_ZOOM - 0.01) {
        setSpot({ box: boxFromEdges(edges), count: Number(properties.count) || 0, longitude, latitude });
        return;
      }
      setSpot(null);
      map.fitBounds(
        [
          [edges.west, edges.south],
          [edges.east, edges.north],
        ],
        { padding: 48, maxZoom: EVENT_TILES_MAX_ZOOM, duration: reduceMotion ? 0 : 500 },
      );
    },
    [mapRef, onEventClick, reduceMotion],
  );

  return { spot, closeSpot: () => setSpot(null), handleClick };
}
