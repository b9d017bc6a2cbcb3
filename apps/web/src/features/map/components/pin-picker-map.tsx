import { useEffect, useRef } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { Map, Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import { maplibregl } from '../map-lib';
import { exposeMap, trackIdle } from '../expose-map';
import { useMapStyle } from '../use-map-style';
import { PIN_FRAME } from '../pin-frame';
import { roundView, type MapView } from '../map-view';
import { MapFailed, MapLoading } from './map-status';
import { DetailedWorld } from './detailed-world';
import { PinClearance } from './pin-clearance';
import { PlaceLabels } from './place-labels';

export interface PinPickerMapProps {
  /** The pin, when one is set. */
  value: { latitude: number; longitude: number } | null;
  /** Where the map opens when there is no pin yet. */
  fallbackView: MapView;
  onPick: (view: MapView) => void;
  height?: number;
}

/**
 * Click the map (or drag the pin) to place an event. Keyboard users pan with the arrow keys
 * once the map has focus and press "Pin the map centre".
 */
export default function PinPickerMap({ value, fallbackView, onPick, height = 260 }: PinPickerMapProps) {
  const { style, hosted, labels, error, retry } = useMapStyle();
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const cleanups = useRef<(() => void)[]>([]);
  useEffect(() => () => cleanups.current.forEach((fn) => fn()), []);

  // Open where the town and its neighbours give bearings; zooming in to place the pin is a click away.
  const openZoom = hosted ? PIN_FRAME.hosted : PIN_FRAME.offline;

  // A city picked in the other control moves the map to it.
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map || !value) return;
    if (!map.getBounds().contains([value.longitude, value.latitude])) map.jumpTo({ center: [value.longitude, value.latitude], zoom: Math.max(map.getZoom(), openZoom) });
  }, [value, openZoom]);

  const zoom = () => mapRef.current?.getMap().getZoom() ?? fallbackView.zoom;
  const pick = (latitude: number, longitude: number) => onPick(roundView({ latitude, longitude, zoom: Math.max(zoom(), 10) }));

  if (error) return <MapFailed error={error} onRetry={retry} height={height} />;
  if (!style) return <MapLoading height={height} />;

  const initial = value ? { ...value, zoom: openZoom } : fallbackView;
  return (
    <Box>
      <Box ref={containerRef} h={height} data-testid="pin-picker-map" data-map-state="busy" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <Map
          ref={mapRef}
          mapLib={maplibregl}
          mapStyle={style}
          initialViewState={initial}
          style={{ width: '100%', height: '100%' }}
          dragRotate={false}
          touchPitch={false}
          cursor="crosshair"
          attributionControl={{ compact: true }}
          onClick={(event) => pick(event.lngLat.lat, event.lngLat.lng)}
          onLoad={() => {
            const map = mapRef.current?.getMap();
            if (!map) return;
            cleanups.current.push(exposeMap(map));
            if (containerRef.current) cleanups.current.push(trackIdle(map, containerRef.current));
          }}
        >
          <NavigationControl position="top-left" showCompass={false} />
          {!hosted && <PlaceLabels palette={labels} />}
          {!hosted && value && <PinClearance latitude={value.latitude} longitude={value.longitude} />}
          {!hosted && <DetailedWorld />}
          {value && (
            <Marker
              latitude={value.latitude}
              longitude={value.longitude}
              anchor="bottom"
              color="#7048e8"
              draggable
              onDragEnd={(event) => pick(event.lngLat.lat, event.lngLat.lng)}
            />
          )}
        </Map>
      </Box>
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c="dimmed">
          Click the map or drag the pin.
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconCurrentLocation size={14} aria-hidden />}
          onClick={() => {
            const center = mapRef.current?.getMap().getCenter();
            if (center) pick(center.lat, center.lng);
          }}
        >
          Pin the map centre
        </Button>
      </Group>
    </Box>
  );
}
