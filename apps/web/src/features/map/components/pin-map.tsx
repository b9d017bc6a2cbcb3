import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { Map, Marker, type MapRef } from 'react-map-gl/maplibre';
import { maplibregl } from '../map-lib';
import { exposeMap, trackIdle } from '../expose-map';
import { useMapStyle } from '../use-map-style';
import { OFFLINE_DETAIL_ZOOM } from '../basemap/offline-style';
import { MapFailed, MapLoading } from './map-status';
import { DetailedWorld } from './detailed-world';
import { PlaceLabels } from './place-labels';

export interface PinMapProps {
  latitude: number;
  longitude: number;
  zoom?: number;
  height?: number;
  /** What the picture shows, for screen readers: the map itself cannot be explored. */
  label: string;
}

/** A small still map with one pin, e.g. on an event page. It takes no input, so it traps no scrolling. */
export default function PinMap({ latitude, longitude, zoom: wanted = 11, height = 220, label }: PinMapProps) {
  const { style, hosted, labels, error, retry } = useMapStyle();
  // Zoomed into a town, the offline basemap is nearly blank: show the towns around the pin instead.
  const zoom = hosted ? wanted : Math.min(wanted, OFFLINE_DETAIL_ZOOM);
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const cleanups = useRef<(() => void)[]>([]);
  useEffect(() => () => cleanups.current.forEach((fn) => fn()), []);

  // The event may be edited while the page is open: keep the pin centred.
  useEffect(() => {
    mapRef.current?.getMap().jumpTo({ center: [longitude, latitude], zoom });
  }, [latitude, longitude, zoom]);

  if (error) return <MapFailed error={error} onRetry={retry} height={height} />;
  if (!style) return <MapLoading height={height} />;

  return (
    <Box ref={containerRef} h={height} role="img" aria-label={label} data-testid="pin-map" data-map-state="busy" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        mapStyle={style}
        initialViewState={{ latitude, longitude, zoom }}
        style={{ width: '100%', height: '100%' }}
        interactive={false}
        attributionControl={{ compact: true }}
        onLoad={() => {
          const map = mapRef.current?.getMap();
          if (!map) return;
          cleanups.current.push(exposeMap(map));
          if (containerRef.current) cleanups.current.push(trackIdle(map, containerRef.current));
        }}
      >
        {!hosted && <PlaceLabels palette={labels} />}
        {!hosted && <DetailedWorld />}
        <Marker latitude={latitude} longitude={longitude} anchor="bottom" color="#7048e8" />
      </Map>
    </Box>
  );
}
