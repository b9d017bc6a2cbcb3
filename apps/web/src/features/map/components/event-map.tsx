import { useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Box as MantineBox } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { FeatureCollection, Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { Layer, Map, NavigationControl, Popup, Source, type MapRef } from 'react-map-gl/maplibre';
import { maplibregl } from '../map-lib';
import { useMapStyle } from '../use-map-style';
import type { Box, MapView } from '../map-view';
import {
  CLUSTER_LAYER,
  clusterCountLayer,
  clusterLayer,
  EVENT_TILES_MAX_ZOOM,
  EVENTS_SOURCE,
  HIGHLIGHT_SOURCE,
  highlightLayer,
  LIVE_POINT_LAYER,
  liveHaloLayer,
  livePointLayer,
  POINT_LAYER,
  pointLayer,
} from './event-layers';
import { HERE_SOURCE, HereMarker, type HerePosition } from './here-marker';
import { useLabelsBelow } from './use-labels-below';
import { useLivePulse } from './use-live-pulse';
import { useMarkerClearance } from './use-marker-clearance';
import { MapFailed, MapLoading } from './map-status';
import { DetailedWorld } from './detailed-world';
import { PlaceLabels } from './place-labels';
import { useClusterClick, type EventSpot } from './use-cluster-click';
import { useMapWiring } from './use-map-wiring';

export interface FlyTarget {
  latitude: number;
  longitude: number;
  zoom?: number;
}

export interface EventMapHandle {
  flyTo(target: FlyTarget): void;
  /** Frames a box ([west, south, east, north], degrees), as for a state. */
  fitBox(box: readonly [number, number, number, number]): void;
  /** Fetches the event tiles again, e.g. after a failure. */
  reloadEvents(): void;
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
  /** The person's position ("near me"): a blue dot, in its accuracy circle when the accuracy is known. */
  here?: HerePosition | null;
  /** After every move settles, and once on load. */
  onViewChange?: (view: MapView, box: Box) => void;
  onEventClick?: (id: string) => void;
  /** What the popup over a one-spot cluster shows. */
  renderSpot?: (spot: EventSpot) => ReactNode;
  /** True when a tile of events failed to load, false once tiles load again. */
  onTilesFailed?: (failed: boolean) => void;
  handleRef?: Ref<EventMapHandle>;
}

const INTERACTIVE_LAYERS = [CLUSTER_LAYER, POINT_LAYER, LIVE_POINT_LAYER];
const EMPTY: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };
/** The sources this map adds itself: their layers are not the basemap's labels. */
const OWN_SOURCES = [EVENTS_SOURCE, HIGHLIGHT_SOURCE, HERE_SOURCE];

/** The search map: the events' tiles (clusters with exact counts, single events) over the basemap, with a highlight for the hovered event. */
export default function EventMap({
  initialView,
  tiles,
  tileHeaders,
  tilesKey = '',
  highlight,
  here,
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
  const reduceMotion = useReducedMotion();
  const { transformRequest, emitView, handleLoad } = useMapWiring({ mapRef, containerRef, style, tiles, tileHeaders, onViewChange, onTilesFailed });
  const { spot, closeSpot, handleClick } = useClusterClick({ mapRef, tiles, onEventClick, reduceMotion });
  // The loaded map, for what needs it after load: its label layers, the live pulse, the markers' image.
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const labelsBelow = useLabelsBelow(map, OWN_SOURCES);
  const clearance = useMarkerClearance(map);
  useLivePulse(map);

  useImperativeHandle(
    handleRef,
    () => ({
      flyTo({ latitude, longitude, zoom }) {
        const map = mapRef.current?.getMap();
        if (!map) return;
        map.flyTo({ center: [longitude, latitude], zoom: zoom ?? map.getZoom(), duration: reduceMotion ? 0 : 1200, essential: false });
      },
      fitBox([west, south, east, north]) {
        const map = mapRef.current?.getMap();
        if (!map) return;
        map.fitBounds([[west, south], [east, north]], { padding: 24, duration: reduceMotion ? 0 : 1200, essential: false });
      },
      reloadEvents() {
        const map = mapRef.current?.getMap();
        if (map?.getSource(EVENTS_SOURCE)) map.refreshTiles(EVENTS_SOURCE);
      },
    }),
    [reduceMotion],
  );

  const tileList = useMemo(() => [tiles], [tiles]);

  const highlightData = useMemo<FeatureCollection<Point>>(
    () =>
      highlight
        ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [highlight.longitude, highlight.latitude] } }] }
        : EMPTY,
    [highlight],
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
        onLoad={(event) => {
          handleLoad();
          setMap(event.target);
        }}
        onMoveEnd={(event) => emitView(event.target)}
        onResize={(event) => emitView(event.target)}
        attributionControl={{ compact: true }}
      >
        <NavigationControl position="top-left" showCompass={false} />
        {!hosted && <PlaceLabels palette={labels} />}
        {!hosted && <DetailedWorld />}
        {/* The circles under the basemap's names; their labels on top of everything, placed first, so names keep clear of markers. */}
        <Source key={tilesKey} id={EVENTS_SOURCE} type="vector" tiles={tileList} minzoom={0} maxzoom={EVENT_TILES_MAX_ZOOM}>
          <Layer {...clusterLayer} beforeId={labelsBelow} />
          <Layer {...pointLayer} beforeId={labelsBelow} />
          <Layer {...liveHaloLayer} beforeId={labelsBelow} />
          <Layer {...livePointLayer} beforeId={labelsBelow} />
          {clearance && <Layer {...clusterCountLayer} />}
        </Source>
        {here && <HereMarker here={here} beforeId={labelsBelow} />}
        <Source id={HIGHLIGHT_SOURCE} type="geojson" data={highlightData}>
          <Layer {...highlightLayer} />
        </Source>
        {spot && renderSpot && (
          <Popup longitude={spot.longitude} latitude={spot.latitude} onClose={closeSpot} closeOnClick={false} maxWidth="320px" anchor="bottom" offset={16}>
            {renderSpot(spot)}
          </Popup>
        )}
      </Map>
    </MantineBox>
  );
}
