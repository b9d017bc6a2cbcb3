// Provided by vite.config.ts (mapLibreFromSource): the URL of MapLibre's worker as this build emits it.
declare module 'virtual:maplibre-worker-url' {
  const url: string;
  export default url;
}
