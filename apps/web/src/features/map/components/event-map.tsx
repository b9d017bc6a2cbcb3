import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Box as MantineBox } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { Layer, Map, NavigationControl, Source, type MapLayerMouseEvent, type MapRef } from 'react-map-gl/maplibre';
import { maplibregl } from '../map-lib';
import { exposeMap, trackIdle } from '../expose-map';
import { useMapStyle } from '../use-map-style';
import { mapFontFaces } from '../basemap/fonts';
import { boxFromEdges, MAX_ZOOM, roundView, type Box, type MapView } from '../map-view';
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
import { PlaceLabels } from './place-labels';

/** One event on the map: [id, longitude, latitude], as the points API sends them. */
export type EventPoint = readonly [id: string, longitude: number, latitude: number];

export interface FlyTarget {
  latitude: number;
  longitude: number;
  zoom?: number;
}

export interface EventMapHandle {
  flyTo(target: FlyTarget): void;
}

export interface EventMapProps {
  initialView: MapView;
  points: readonly EventPoint[] | undefined;
  /** Drawn on top of everything, e.g. the event under the pointer in the list. */
  highlight?: { longitude: number; latitude: number } | null;
  /** After every move settles, and once on load. */
  onViewChange?: (view: MapView, box: Box) => void;
  onEventClick?: (id: string) => void;
  handleRef?: Ref<EventMapHandle>;
}

const INTERACTIVE_LAYERS = [CLUSTER_LAYER, POINT_LAYER];
const EMPTY: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };

function toCollection(points: readonly EventPoint[] | undefined): FeatureCollection<Point, { id: string }> {
  if (!points?.length) return EMPTY as FeatureCollection<Point, { id: string }>;
  const features: Feature<Point, { id: string }>[] = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const [id, longitude, latitude] = points[i];
    features[i] = { type: 'Feature', properties: { id }, geometry: { type: 'Point', coordinates: [longitude, latitude] } };
  }
  return { type: 'FeatureCollection', features };
}

function viewAndBox(map: MapLibreMap): { view: MapView; box: Box } {
  const bounds = map.getBounds();
  const center = map.getCenter();
  return {
    view: roundView({ latitude: center.lat, longitude: center.lng, zoom: map.getZoom() }),
    box: boxFromEdges({ west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }),
  };
}

/** The search map: clustered event points over the basemap, with a highlight for the hovered event. */
export default function EventMap({ initialView, points, highlight, onViewChange, onEventClick, handleRef }: EventMapProps) {
  const { style, hosted, labels, error, retry } = useMapStyle();
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<string>('');
  const reduceMotion = useReducedMotion();
  // The latest callbacks, read by map events that were bound once on load.
  const onViewChangeRef = useRef(onViewChange);
  useLayoutEffect(() => {
    onViewChangeRef.current = onViewChange;
  }, [onViewChange]);

  useImperativeHandle(
    handleRef,
    () => ({
      flyTo({ latitude, longitude, zoom }) {
        const map = mapRef.current?.getMap();
        if (!map) return;
        map.flyTo({ center: [longitude, latitude], zoom: zoom ?? map.getZoom(), duration: reduceMotion ? 0 : 1200, essential: false });
      },
    }),
    [reduceMotion],
  );

  const data = useMemo(() => toCollection(points), [points]);
  const highlightData = useMemo<FeatureCollection<Point>>(
    () =>
      highlight
        ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [highlight.longitude, highlight.latitude] } }] }
        : EMPTY,
    [highlight],
  );

  const emitView = useCallback((map: MapLibreMap) => {
    const { view, box } = viewAndBox(map);
    onViewChangeRef.current?.(view, box);
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
    emitView(map);
  }, [emitView, style]);

  const handleClick = useCallback(
    async (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const map = mapRef.current?.getMap();
      if (!feature || !map || feature.geometry.type !== 'Point') return;
      const [longitude, latitude] = feature.geometry.coordinates;
      if (feature.layer.id === CLUSTER_LAYER) {
        const source = map.getSource<GeoJSONSource>(EVENTS_SOURCE);
        const clusterId = Number(feature.properties?.cluster_id);
        if (!source || Number.isNaN(clusterId)) return;
        const zoom = await source.getClusterExpansionZoom(clusterId);
        map.easeTo({ center: [longitude, latitude], zoom: Math.min(zoom, MAX_ZOOM), duration: reduceMotion ? 0 : 500 });
      } else if (typeof feature.properties?.id === 'string') {
        onEventClick?.(feature.properties.id);
      }
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
        maxZoom={18}
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        interactiveLayerIds={INTERACTIVE_LAYERS}
        cursor={cursor}
        onMouseEnter={() => setCursor('pointer')}
        onMouseLeave={() => setCursor('')}
        onClick={(event) => void handleClick(event)}
        onLoad={handleLoad}
        onMoveEnd={(event) => emitView(event.target)}
        onResize={(event) => emitView(event.target)}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-left" showCompass={false} />
        {!hosted && <PlaceLabels palette={labels} />}
        <Source id={EVENTS_SOURCE} type="geojson" data={data} cluster clusterRadius={50} clusterMaxZoom={14}>
          <Layer {...clusterLayer} />
          <Layer {...clusterCountLayer} />
          <Layer {...pointLayer} />
        </Source>
        <Source id={HIGHLIGHT_SOURCE} type="geojson" data={highlightData}>
          <Layer {...highlightLayer} />
        </Source>
      </Map>
    </MantineBox>
  );
}
