import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ActionIcon, Box } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { Map, Marker, type MapRef } from 'react-map-gl/maplibre';
import { maplibregl } from '../map-lib';
import { exposeMap, trackIdle } from '../expose-map';
import { useMapStyle } from '../use-map-style';
import { frameZoom, PIN_FRAME, stepZoom } from '../pin-frame';
import { BASEMAP_ATTRIBUTION } from '../basemap/offline-style';
import { MapFailed, MapLoading } from './map-status';
import { DetailedWorld } from './detailed-world';
import { PinClearance } from './pin-clearance';
import { PlaceLabels } from './place-labels';
import { CreditLine, MapCredits } from './map-credits';

export interface PinMapProps {
  latitude: number;
  longitude: number;
  /** The area's own zoom; the map opens no closer than the town and its neighbours (see frameZoom). */
  zoom?: number;
  height?: number;
  /** What the picture shows, for screen readers: the map itself cannot be explored. */
  label: string;
}

/**
 * A small still map with one pin, e.g. on an event page. It takes no pointer input, so it traps
 * no scrolling; two buttons zoom in and out around the pin.
 */
export default function PinMap({ latitude, longitude, zoom: wanted, height = 220, label }: PinMapProps) {
  const { style, hosted, labels, error, retry } = useMapStyle();
  const framed = frameZoom(wanted, hosted);
  // The zoom the buttons last set, until the pin or its framing changes.
  const frameKey = `${latitude},${longitude},${framed}`;
  const [zoomed, setZoomed] = useState({ key: frameKey, zoom: framed });
  if (zoomed.key !== frameKey) setZoomed({ key: frameKey, zoom: framed });
  const zoom = zoomed.zoom;
  const reduceMotion = useReducedMotion();
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<MapLibreMap | null>(null);
  const cleanups = useRef<(() => void)[]>([]);
  useEffect(() => () => cleanups.current.forEach((fn) => fn()), []);

  // The event may be edited while the page is open: frame the pin afresh.
  useEffect(() => {
    mapRef.current?.getMap().jumpTo({ center: [longitude, latitude], zoom: framed });
  }, [latitude, longitude, framed]);

  const zoomBy = (step: 1 | -1) => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    // From the last target, not the camera: a second click mid-animation still goes a level further.
    const next = stepZoom(zoom, step);
    setZoomed({ key: frameKey, zoom: next });
    map.easeTo({ center: [longitude, latitude], zoom: next, duration: reduceMotion ? 0 : 250 });
  };

  if (error) return <MapFailed error={error} onRetry={retry} height={height} />;
  if (!style) return <MapLoading height={height} />;

  return (
    <Box pos="relative" h={height} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <Box ref={containerRef} h="100%" role="img" aria-label={label} data-testid="pin-map" data-map-state="busy">
        <Map
          ref={mapRef}
          mapLib={maplibregl}
          mapStyle={style}
          initialViewState={{ latitude, longitude, zoom: framed }}
          style={{ width: '100%', height: '100%' }}
          interactive={false}
          // Credits are drawn outside the picture below: a control in here would put buttons and
          // links inside an image, where screen readers cannot reach them.
          attributionControl={false}
          onLoad={() => {
            const map = mapRef.current?.getMap();
            if (!map) return;
            cleanups.current.push(exposeMap(map));
            setLoaded(map);
            if (containerRef.current) cleanups.current.push(trackIdle(map, containerRef.current));
          }}
        >
          {!hosted && <PlaceLabels palette={labels} />}
          {!hosted && <PinClearance latitude={latitude} longitude={longitude} />}
          {!hosted && <DetailedWorld />}
          <Marker latitude={latitude} longitude={longitude} anchor="bottom" color="#7048e8" />
        </Map>
      </Box>
      {/* Outside the picture, so screen readers reach them as buttons. */}
      <ActionIcon.Group orientation="vertical" pos="absolute" top={8} left={8}>
        <ActionIcon variant="default" size="md" aria-label="Zoom in" onClick={() => zoomBy(1)} disabled={zoom >= PIN_FRAME.max}>
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" size="md" aria-label="Zoom out" onClick={() => zoomBy(-1)} disabled={zoom <= PIN_FRAME.min}>
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
      </ActionIcon.Group>
      {hosted && loaded && <MapCredits map={loaded} />}
      {!hosted && <CreditLine>{BASEMAP_ATTRIBUTION}</CreditLine>}
    </Box>
  );
}
