import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent, MapStyleDataEvent } from 'maplibre-gl';

type MapDataEvent = MapSourceDataEvent | MapStyleDataEvent;

/**
 * Watches a map drawing a hosted style until the style's first tile arrives. The style itself
 * answered (hosted-style.ts fetched it), but its tiles may live elsewhere or be blocked: a tile
 * error from one of the style's own sources, or no tile within `timeoutMs` (a network that drops
 * packets never answers at all), calls `onUnreachable` once. The app's own sources (the events)
 * are not the style's and are not watched. Answers a function that stops watching.
 */
export function watchHostedTiles(map: MapLibreMap, sourceIds: string[], timeoutMs: number, onUnreachable: () => void): () => void {
  const own = new Set(sourceIds);
  const stop = () => {
    clearTimeout(timer);
    map.off('data', onData);
    map.off('error', onError);
  };
  const fail = () => {
    stop();
    onUnreachable();
  };
  // The source's id is on the event, but not in its typings.
  const sourceOf = (event: MapDataEvent | ErrorEvent) => (event as { sourceId?: string }).sourceId;
  function onData(event: MapDataEvent) {
    if (event.dataType === 'source' && event.tile && own.has(sourceOf(event) ?? '')) stop();
  }
  function onError(event: ErrorEvent) {
    if (own.has(sourceOf(event) ?? '')) fail();
  }
  // A style of background colours alone has no tiles to wait for.
  const timer = own.size ? setTimeout(fail, timeoutMs) : undefined;
  if (!own.size) return stop;
  map.on('data', onData);
  map.on('error', onError);
  return stop;
}
