import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** The most recently loaded map, for end-to-end tests (they wait for its `idle`). */
    __hubbubMap?: MapLibreMap;
  }
}

/** Publishes the map for tests in every build; the returned function withdraws it again. */
export function exposeMap(map: MapLibreMap): () => void {
  window.__hubbubMap = map;
  return () => {
    if (window.__hubbubMap === map) delete window.__hubbubMap;
  };
}

/**
 * Mirrors the map's state onto its container as `data-map-state="idle|busy"`, so a test or a
 * screen reader hint can wait for rendering without polling the map object.
 */
export function trackIdle(map: MapLibreMap, element: HTMLElement): () => void {
  const busy = () => element.setAttribute('data-map-state', 'busy');
  const idle = () => element.setAttribute('data-map-state', 'idle');
  busy();
  map.on('movestart', busy);
  map.on('dataloading', busy);
  map.on('idle', idle);
  return () => {
    map.off('movestart', busy);
    map.off('dataloading', busy);
    map.off('idle', idle);
  };
}
