import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

// maplibre finds its worker beside its own module file, which bundling moves; point it at the
// copy Vite emits instead. Only the lazily loaded map components import this module.
maplibregl.setWorkerUrl(new URL(workerUrl, window.location.href).href);

export { maplibregl };
