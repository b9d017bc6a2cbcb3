import { AttributionControl, Map as MapLibreMap, Marker, NavigationControl, Popup, setWorkerUrl, type MapOptions } from 'maplibre-gl';
import type { MapLib } from 'react-map-gl/maplibre';
import workerUrl from 'virtual:maplibre-worker-url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { HOSTED_TILES_TIMEOUT_MS, hostedStyleUrlOf, markStyleUnreachable } from './basemap/hosted-style';
import { watchHostedTiles } from './basemap/watch-hosted-tiles';

// maplibre finds its worker beside its own module file, which bundling moves; point it at the
// copy Vite emits instead. Only the lazily loaded map components import this module.
setWorkerUrl(new URL(workerUrl, window.location.href).href);

/**
 * maplibre's Map, watching a hosted street style's tiles from the moment the map exists: when they
 * cannot be reached the style is marked unreachable and every map switches to the built-in basemap.
 */
class WatchedMap extends MapLibreMap {
  private stopWatching?: () => void;

  constructor(options: MapOptions) {
    super(options);
    const url = hostedStyleUrlOf(options.style);
    if (url && typeof options.style === 'object') {
      this.stopWatching = watchHostedTiles(this, Object.keys(options.style.sources), HOSTED_TILES_TIMEOUT_MS, () => markStyleUnreachable(url));
    }
  }

  override remove(): void {
    this.stopWatching?.();
    super.remove();
  }
}

/**
 * The library as react-map-gl takes it (`mapLib`), with the watching Map: only the parts the app's
 * components use. Naming them, rather than spreading the whole module, lets the build leave out the
 * rest (the globe, terrain, geolocate, fullscreen and scale controls: about 5 KB compressed of a
 * first /search visit). react-map-gl's control components for those are not used here; the cast is
 * for its MapLib type, which lists every control.
 */
export const maplibregl = { Map: WatchedMap, Marker, Popup, NavigationControl, AttributionControl } as unknown as MapLib & { Marker: typeof Marker };
