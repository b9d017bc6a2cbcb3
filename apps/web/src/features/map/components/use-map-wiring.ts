import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent, MapStyleDataEvent, RequestParameters, ResourceType, StyleSpecification } from 'maplibre-gl';
import type { MapRef } from 'react-map-gl/maplibre';
import { exposeMap, trackIdle } from '../expose-map';
import { mapFontFaces } from '../basemap/fonts';
import { boxFromEdges, roundView, type Box, type MapView } from '../map-view';
import { EVENTS_SOURCE } from './event-layers';

function viewAndBox(map: MapLibreMap): { view: MapView; box: Box } {
  const bounds = map.getBounds();
  const center = map.getCenter();
  return {
    view: roundView({ latitude: center.lat, longitude: center.lng, zoom: map.getZoom() }),
    box: boxFromEdges({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }),
  };
}

interface MapWiringOptions {
  mapRef: RefObject<MapRef | null>;
  containerRef: RefObject<HTMLDivElement | null>;
  /** The basemap style: a hosted style's URL, or our own style object. */
  style: string | StyleSpecification | undefined;
  tiles: string;
  tileHeaders?: () => Record<string, string>;
  onViewChange?: (view: MapView, box: Box) => void;
  onTilesFailed?: (failed: boolean) => void;
}

/**
 * What the search map binds once, on load: the view reported after every settle, the tile
 * failures watched, the event tiles' requests given the API's headers, and the test hooks.
 */
export function useMapWiring({ mapRef, containerRef, style, tiles, tileHeaders, onViewChange, onTilesFailed }: MapWiringOptions) {
  // The latest callbacks, read by map events that were bound once on load.
  const latest = useRef({ onViewChange, tileHeaders, onTilesFailed, tiles });
  useLayoutEffect(() => {
    latest.current = { onViewChange, tileHeaders, onTilesFailed, tiles };
  }, [onViewChange, tileHeaders, onTilesFailed, tiles]);

  // Only requests for the event tiles carry the API's headers; the basemap's go out as they are.
  const transformRequest = useCallback((url: string, type?: ResourceType): RequestParameters | undefined => {
    const prefix = latest.current.tiles.slice(0, latest.current.tiles.indexOf('{z}'));
    if (type !== 'Tile' || !url.startsWith(prefix)) return undefined;
    return { url, headers: latest.current.tileHeaders?.() ?? {} };
  }, []);

  const emitView = useCallback((map: MapLibreMap) => {
    const { view, box } = viewAndBox(map);
    latest.current.onViewChange?.(view, box);
  }, []);

  const cleanups = useRef<(() => void)[]>([]);
  useEffect(() => () => cleanups.current.forEach((fn) => fn()), []);

  const handleLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    // A hosted style brings its own glyphs; our font faces are added so the cluster counts still render.
    if (typeof style === 'string') map.setFontFaces({ ...(map.getFontFaces() ?? {}), ...mapFontFaces() });
    cleanups.current.push(exposeMap(map));
    if (containerRef.current) cleanups.current.push(trackIdle(map, containerRef.current));
    let failed = false;
    // A failed tile's error names its source (not in the event's typings).
    const onError = (event: ErrorEvent) => {
      if ((event as ErrorEvent & { sourceId?: string }).sourceId !== EVENTS_SOURCE || failed) return;
      failed = true;
      latest.current.onTilesFailed?.(true);
    };
    const onData = (event: MapSourceDataEvent | MapStyleDataEvent) => {
      if (!failed || event.dataType !== 'source' || event.sourceId !== EVENTS_SOURCE || !event.tile) return;
      failed = false;
      latest.current.onTilesFailed?.(false);
    };
    map.on('error', onError);
    map.on('data', onData);
    cleanups.current.push(() => {
      map.off('error', onError);
      map.off('data', onData);
    });
    emitView(map);
  }, [mapRef, containerRef, emitView, style]);

  return { transformRequest, emitView, handleLoad };
}
