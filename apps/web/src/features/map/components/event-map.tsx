import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Box as MantineBox } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { FeatureCollection, Point } from 'geojson';
import type { ErrorEvent, Map as MapLibreMap, MapGeoJSONFeature, MapSourceDataEvent, MapStyleDataEvent, RequestParameters, ResourceType } from 'maplibre-gl';
import { Layer, Map, NavigationControl, Popup, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { maplibregl } from '../map-lib';
import { exposeMap, trackIdle } from '../expose-map';
import { useMapStyle } from '../use-map-style';
import { mapFontFaces } from '../basemap/fonts';
import { boxFromEdges, roundView, type Box, type MapView } from '../map-view';
import { extentEdges, extentOf, isOneSpot, tileAt, type TileId } from '../tile-extent';
import {
  CLUSTER_LAYER,
  clusterCountLayer,
  clusterLayer,
  EVENTS_SOURCE,
  HIGHLIGHT_SOURCE,
  highlightLayer,
  POINT_LAYER,
  pointLayer,
} from './event-layers';
import { MapFailed, MapLoading } from './map-status';
import { DetailedWorld } from './detailed-world';
import { PlaceLabels } from './place-labels';

export interface FlyTarget {
  latitude: number;
  longitude: number;
  zoom?: number;
}

export interface EventMapHandle {
  flyTo(target: FlyTarget): void;
  /** Fetches the event tiles again, e.g. after a failure. */
  reloadEvents(): void;
}

/** A cluster whose events share one spot: zooming in would not split it, so the page lists them. */
export interface EventSpot {
  box: Box;
  count: number;
}

export interface EventMapProps {
  initialView: MapView;
  /** The event tiles' absolute URL template (`…/{z}/{x}/{y}?filters`); a new one reloads them. */
  tiles: string;
  /** Headers for each tile request (tenant, authorization), read when the request goes out. */
  tileHeaders?: () => Record<string, string>;
  /** Changes when tiles must not be reused, e.g. another person signed in (their drafts differ). */
  tilesKey?: string;
  /** Drawn on top of everything, e.g. the event under the pointer in the list. */
  highlight?: { longitude: number; latitude: number } | null;
  /** After every move settles, and once on load. */
  onViewChange?: (view: MapView, box: Box) => void;
  onEventClick?: (id: string) => void;
  /** What the popup over a one-spot cluster shows. */
  renderSpot?: (spot: EventSpot) => ReactNode;
  /** True when a tile of events failed to load, false once tiles load again. */
  onTilesFailed?: (failed: boolean) => void;
  handleRef?: Ref<EventMapHandle>;
}

/** The tiles' deepest zoom: a grid cell there is a few metres, so what still clusters shares a spot. */
export const EVENT_TILES_MAX_ZOOM = 18;
const INTERACTIVE_LAYERS = [CLUSTER_LAYER, POINT_LAYER];
const EMPTY: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };

function viewAndBox(map: MapLibreMap): { view: MapView; box: Box } {
  const bounds = map.getBounds();
  const center = map.getCenter();
  return {
    view: roundView({ latitude: center.lat, longitude: center.lng, zoom: map.getZoom() }),
    box: boxFromEdges({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }),
  };
}

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

/** The search map: the events' tiles (clusters with exact counts, single events) over the basemap, with a highlight for the hovered event. */
export default function EventMap({
  initialView,
  tiles,
  tileHeaders,
  tilesKey = '',
  highlight,
  onViewChange,
  onEventClick,
  renderSpot,
  onTilesFailed,
  handleRef,
}: EventMapProps) {
  const { style, hosted, labels, error, retry } = useMapStyle();
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<string>('');
  const [spot, setSpot] = useState<(EventSpot & { longitude: number; latitude: number }) | null>(null);
  const reduceMotion = useReducedMotion();
  // The latest callbacks, read by map events that were bound once on load.
  const latest = useRef({ onViewChange, tileHeaders, onTilesFailed, tiles });
  useLayoutEffect(() => {
    latest.current = { onViewChange, tileHeaders, onTilesFailed, tiles };
  }, [onViewChange, tileHeaders, onTilesFailed, tiles]);

  useImperativeHandle(
    handleRef,
    () => ({
      flyTo({ latitude, longitude, zoom }) {
        const map = mapRef.current?.getMap();
        if (!map) return;
        map.flyTo({ center: [longitude, latitude], zoom: zoom ?? map.getZoom(), duration: reduceMotion ? 0 : 1200, essential: false });
      },
      reloadEvents() {
        const map = mapRef.current?.getMap();
        if (map?.getSource(EVENTS_SOURCE)) map.refreshTiles(EVENTS_SOURCE);
      },
    }),
    [reduceMotion],
  );

  const tileList = useMemo(() => [tiles], [tiles]);
  // A popup belongs to the search it came from.
  const [spotTiles, setSpotTiles] = useState(tiles);
  if (spotTiles !== tiles) {
    setSpotTiles(tiles);
    setSpot(null);
  }

  const highlightData = useMemo<FeatureCollection<Point>>(
    () =>
      highlight
        ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [highlight.longitude, highlight.latitude] } }] }
        : EMPTY,
    [highlight],
  );

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
  }, [emitView, style]);

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
    [onEventClick, reduceMotion],
  );

  if (error) return <MapFailed error={error} onRetry={retry} />;
  if (!style) return <MapLoading />;

  return (
    <MantineBox ref={containerRef} h="100%" pos="relative" data-testid="event-map" data-map-state="busy">
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={style}
        initialViewState={initialView}
        style={{ width: '100%', height: '100%' }}
        minZoom={1}
        maxZoom={EVENT_TILES_MAX_ZOOM}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        interactiveLayerIds={INTERACTIVE_LAYERS}
        transformRequest={transformRequest}
        cursor={cursor}
        onMouseEnter={() => setCursor('pointer')}
        onMouseLeave={() => setCursor('')}
        onClick={handleClick}
        onLoad={handleLoad}
        onMoveEnd={(event) => emitView(event.target)}
        onResize={(event) => emitView(event.target)}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-left" showCompass={false} />
        {!hosted && <PlaceLabels palette={labels} />}
        {!hosted && <DetailedWorld />}
        <Source key={tilesKey} id={EVENTS_SOURCE} type="vector" tiles={tileList} minzoom={0} maxzoom={EVENT_TILES_MAX_ZOOM}>
          <Layer {...clusterLayer} />
          <Layer {...clusterCountLayer} />
          <Layer {...pointLayer} />
        </Source>
        <Source id={HIGHLIGHT_SOURCE} type="geojson" data={highlightData}>
          <Layer {...highlightLayer} />
        </Source>
        {spot && renderSpot && (
          <Popup longitude={spot.longitude} latitude={spot.latitude} onClose={() => setSpot(null)} closeOnClick={false} maxWidth="320px" anchor="bottom" offset={16}>
            {renderSpot(spot)}
          </Popup>
        )}
      </Map>
    </MantineBox>
  );
}
