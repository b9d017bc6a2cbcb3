import * as maplibre from 'maplibre-gl';
import workerUrl from 'virtual:maplibre-worker-url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { HOSTED_TILES_TIMEOUT_MS, hostedStyleUrlOf, markStyleUnreachable } from './basemap/hosted-style';
import { watchHostedTiles } from './basemap/watch-hosted-tiles';

// maplibre finds its worker beside its own module file, which bundling moves; point it at the
// copy Vite emits instead. Only the lazily loaded map components import this module.
maplibre.setWorkerUrl(new URL(workerUrl, window.location.href).href);

/**
 * maplibre's Map, watching a hosted street style's tiles from the moment the map exists: when they
 * cannot be reached the style is marked unreachable and every map switches to the built-in basemap.
 */
class WatchedMap extends maplibre.Map {
  private stopWatching?: () => void;

  constructor(options: maplibre.MapOptions) {
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

/** The library as react-map-gl takes it (`mapLib`), with the watching Map. */
export const maplibregl: typeof maplibre = { ...maplibre, Map: WatchedMap };
