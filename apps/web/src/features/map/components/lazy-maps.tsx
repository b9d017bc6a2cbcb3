import { lazy, Suspense, type ComponentProps } from 'react';
import { getContainerData } from '@/lib/container/container-data';
import { loadAtlas } from '../basemap/atlas';
import { MapLoading } from './map-status';

/** Starts the basemap download beside the map library's, instead of after it. */
function withBasemap<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    if (!getContainerData()?.mapStyleUrl) void loadAtlas().catch(() => undefined);
    return load();
  };
}

// maplibre and the atlases are large; they load only when a map is on screen.
const EventMapImpl = lazy(withBasemap(() => import('./event-map')));
const PinMapImpl = lazy(withBasemap(() => import('./pin-map')));
const PinPickerMapImpl = lazy(withBasemap(() => import('./pin-picker-map')));

export function EventMap(props: ComponentProps<typeof EventMapImpl>) {
  return (
    <Suspense fallback={<MapLoading />}>
      <EventMapImpl {...props} />
    </Suspense>
  );
}

export function PinMap(props: ComponentProps<typeof PinMapImpl>) {
  return (
    <Suspense fallback={<MapLoading height={props.height ?? 220} />}>
      <PinMapImpl {...props} />
    </Suspense>
  );
}

export function PinPickerMap(props: ComponentProps<typeof PinPickerMapImpl>) {
  return (
    <Suspense fallback={<MapLoading height={props.height ?? 260} />}>
      <PinPickerMapImpl {...props} />
    </Suspense>
  );
}

export type { EventMapHandle, EventMapProps, FlyTarget } from './event-map';
export type { EventSpot } from './use-cluster-click';
