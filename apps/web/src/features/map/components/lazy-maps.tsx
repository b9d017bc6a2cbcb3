import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { getContainerData } from '@/lib/container/container-data';
import { loadAtlas } from '../basemap/atlas';
import { mapFontFaces } from '../basemap/fonts';
import { loadHostedStyle } from '../basemap/hosted-style';
import { useBasemapChoice } from '../basemap-choice';
import { MapFallbackNote, MapLoading } from './map-status';

/**
 * Starts the basemap beside the map library's download, instead of after it: the hosted street
 * style (which also tells within seconds whether it can be reached), and the heavy built-in atlas
 * only when there is no hosted style or it cannot be reached.
 */
async function prepareBasemap(): Promise<void> {
  const url = getContainerData()?.mapStyleUrl;
  const hosted = url ? await loadHostedStyle(url, mapFontFaces) : null;
  if (!hosted || hosted.status === 'unreachable') await loadAtlas();
}

function withBasemap<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    void prepareBasemap().catch(() => undefined);
    return load();
  };
}

// maplibre and the atlases are large; they load only when a map is on screen.
const EventMapImpl = lazy(withBasemap(() => import('./event-map')));
const PinMapImpl = lazy(withBasemap(() => import('./pin-map')));
const PinPickerMapImpl = lazy(withBasemap(() => import('./pin-picker-map')));

/**
 * The map and, when the street map could not be reached, the note saying so. The map is keyed by
 * the kind of basemap, so a fallback starts a fresh map on the built-in style rather than patching
 * the hosted one's layers.
 */
function BasemapFrame({ height, overlay = true, children }: { height?: string | number; overlay?: boolean; children: (key: string) => ReactNode }) {
  const choice = useBasemapChoice();
  return (
    <Box pos="relative" h={height}>
      {children(choice.kind === 'offline' ? 'offline' : 'hosted')}
      {choice.kind === 'offline' && choice.fellBack && <MapFallbackNote overlay={overlay} />}
    </Box>
  );
}

export function EventMap(props: ComponentProps<typeof EventMapImpl>) {
  return (
    <BasemapFrame height="100%">
      {(key) => (
        <Suspense fallback={<MapLoading />}>
          <EventMapImpl key={key} {...props} />
        </Suspense>
      )}
    </BasemapFrame>
  );
}

export function PinMap(props: ComponentProps<typeof PinMapImpl>) {
  return (
    <BasemapFrame>
      {(key) => (
        <Suspense fallback={<MapLoading height={props.height ?? 220} />}>
          <PinMapImpl key={key} {...props} />
        </Suspense>
      )}
    </BasemapFrame>
  );
}

export function PinPickerMap(props: ComponentProps<typeof PinPickerMapImpl>) {
  return (
    <BasemapFrame overlay={false}>
      {(key) => (
        <Suspense fallback={<MapLoading height={props.height ?? 260} />}>
          <PinPickerMapImpl key={key} {...props} />
        </Suspense>
      )}
    </BasemapFrame>
  );
}

export type { EventMapHandle, EventMapProps, FlyTarget } from './event-map';
export type { EventSpot } from './use-cluster-click';
