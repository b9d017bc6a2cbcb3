import { fileURLToPath, URL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, transformWithOxc, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
// A relative import: the config is bundled on load, and the contract is TypeScript source.
import { escapeRegExp, SERVER_AREAS } from '../../packages/contract/src/endpoints.js';
import { HUB_PATH } from '../../packages/contract/src/hub.js';

const server = process.env.HUBBUB_SERVER_URL ?? 'http://127.0.0.1:8080';
const proxied: ProxyOptions = { target: server, changeOrigin: true, ws: true };

// What the server answers (the endpoint tables' areas: the API bases, feeds, /unsubscribe/<token>...)
// goes to it; the SPA keeps its pages (/account/profile, the page /unsubscribe?token=). The hub's
// websocket is /Engine/hub?id=..., without the area's trailing slash.
const serverAreas = [...SERVER_AREAS, HUB_PATH];
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The map stack: the library and its React binding, the offline basemap's shapes and the label fonts. */
const MAP_STACK = /node_modules[\\/](maplibre-gl|@maplibre|@vis\.gl|react-map-gl|pmtiles|world-atlas|us-atlas|@fontsource)[\\/]/;
/** Output files that hold the map stack (filled while bundling, read when the service worker's precache list is written). */
const mapFiles = new Set<string>();

/**
 * Writes dist/.vite/chunk-graph.json: each chunk's static and dynamic imports, CSS and source
 * modules (with their sizes). The route-split test (e2e/route-split.test.ts) reads it to check
 * that the shell and /login never import the map library or the hub client, and that the shell
 * stays in its budget.
 * Also notes which files hold the map stack, for the precache list below.
 */
function chunkGraph(): Plugin {
  const rel = (id: string | null) => (id ? path.relative(repoRoot, id.replace(/^\0/, '')).split(path.sep).join('/') : null);
  return {
    name: 'hubbub-chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      mapFiles.clear();
      const chunks: Record<string, unknown> = {};
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset') {
          // The map's worker script and the label fonts are assets copied from the map stack's packages.
          if (item.originalFileNames.some((name) => MAP_STACK.test(path.resolve(repoRoot, name)) || MAP_STACK.test(name))) mapFiles.add(item.fileName);
          continue;
        }
        const modules = Object.keys(item.modules);
        const css = [...(item.viteMetadata?.importedCss ?? [])];
        if (modules.some((id) => MAP_STACK.test(id))) for (const file of [item.fileName, ...css]) mapFiles.add(file);
        chunks[item.fileName] = {
          name: item.name,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          facadeModule: rel(item.facadeModuleId),
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          css,
          // Each source module with its rendered size in this chunk (before minifying).
          modules: Object.fromEntries(modules.map((id) => [rel(id), item.modules[id].renderedLength])),
        };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-graph.json', source: JSON.stringify(chunks, null, 1) });
    },
  };
}

/**
 * Mantine's styles per component instead of its whole stylesheet (26 KB compressed, of which the
 * shell and /login use about half): each component's class map (`X.module.css.mjs`) imports
 * `@mantine/core/styles/X.css`, so a chunk carries the styles of the components in it, in the
 * order their modules load (a component after what it builds on). main.tsx imports the base
 * (baseline, global, the default CSS variables the provider leaves out).
 */
function mantineStylesPerComponent(): Plugin {
  const stylesDir = path.join(repoRoot, 'node_modules/@mantine/core/styles');
  const classMap = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.css\.mjs$/;
  return {
    name: 'hubbub-mantine-styles-per-component',
    transform(code, id) {
      const name = classMap.exec(id)?.[1];
      if (!name || !fs.existsSync(path.join(stylesDir, `${name}.css`))) return null;
      return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
    },
  };
}

/**
 * zod's JSON Schema output (`z.toJSONSchema`, `schema.toJSONSchema()`), about a fifth of zod, is the
 * server's (the OpenAPI document); the browser only parses. Every schema wires it up as it is made,
 * so it cannot be tree-shaken: its two modules are replaced here by functions that throw when called.
 */
function zodWithoutJsonSchema(): Plugin {
  const modules = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
  return {
    name: 'hubbub-zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!modules.test(id)) return null;
      const source = fs.readFileSync(id, 'utf8');
      const names = [...source.matchAll(/^export (?:function|const|let) (\w+)/gm)].map((m) => m[1]);
      const aliases = [...source.matchAll(/^export \{ (\w+) as (\w+) \};/gm)].map((m) => `export { ${m[1]} as ${m[2]} };`);
      return [
        "function unavailable() { throw new Error('JSON Schema output is not part of the web build (vite.config.ts)'); }",
        // The create* methods run as each schema is made and hand back the (unavailable) method.
        ...names.map((name) => `export function ${name}() { return unavailable; }`),
        ...aliases,
      ].join('\n');
    },
  };
}

/**
 * MapLibre built from the TypeScript source it publishes, with its worker as a second entry of the
 * same build: the code both sides run (the style specification, geometry, tile parsing) lands in
 * chunks the page and the module worker share, so a first map visit downloads it once. The
 * published files each carry their own copy (236 + 118 KB compressed, 262 KB for the two together).
 * `virtual:maplibre-worker-url` is the worker's URL; in development it is the published worker.
 */
function mapLibreFromSource(): Plugin {
  const source = path.join(repoRoot, 'node_modules/maplibre-gl/src');
  const virtualId = 'virtual:maplibre-worker-url';
  const withoutMlt = 'hubbub-maplibre-without-mlt';
  const noFallbackLib = 'hubbub-react-maplibre-no-fallback';
  const projectionFactory = path.join(source, 'geo/projection/projection_factory.ts');
  let building = false;
  return {
    name: 'hubbub-maplibre-from-source',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id, importer) {
      if (id === virtualId) return `\0${virtualId}`;
      // react-map-gl imports the whole library when no mapLib is given; the app always gives one
      // (features/map/map-lib.ts), and that import would keep every export of the library.
      if (building && id === 'maplibre-gl' && importer?.includes(`${path.sep}@vis.gl${path.sep}react-maplibre${path.sep}`)) return `\0${noFallbackLib}`;
      if (building && id === 'maplibre-gl') return path.join(source, 'index.ts');
      if (building && id === '@maplibre/mlt') return `\0${withoutMlt}`;
      return null;
    },
    // MapLibre's source is written for TypeScript's old class fields (useDefineForClassFields: false):
    // a subclass's field declared without a value must not reset what the base constructor set.
    async transform(code, id) {
      if (!building || !id.startsWith(source) || !id.endsWith('.ts')) return null;
      const out = await transformWithOxc(code, id, {
        lang: 'ts',
        typescript: { removeClassFieldsWithoutInitializer: true },
        assumptions: { setPublicClassFields: true },
      });
      return { code: out.code, map: out.map };
    },
    load(id) {
      if (id === `\0${noFallbackLib}`) return 'export default undefined;';
      // Only the flat projections: the app never shows the globe (or the vertical perspective it
      // zooms through), whose transforms and camera helpers are about 10 KB compressed. A style that
      // asks for them is drawn in Web Mercator, with MapLibre's warning for an unknown projection.
      if (building && id === projectionFactory) {
        return `import {warnOnce} from '../../util/util.ts';
import {MercatorProjection} from './mercator_projection.ts';
import {createMercatorTransform} from './mercator_transform.ts';
import {MercatorCameraHelper} from './mercator_camera_helper.ts';
import {CRSWorldCoordinateHelper} from './crs.ts';
import {getRegisteredProjection} from './projection_crud.ts';

export function createProjectionFromName(name, transformConstrain) {
    const transformOptions = {constrainOverride: transformConstrain};
    const registered = typeof name === 'string' ? getRegisteredProjection(name) : undefined;
    const worldCoordinateHelper = registered ? new CRSWorldCoordinateHelper(registered) : undefined;
    if (!registered && name !== 'mercator') warnOnce(\`Projection \${JSON.stringify(name)} is not part of this build. Falling back to mercator projection.\`);
    return {
        projection: new MercatorProjection(worldCoordinateHelper),
        transform: createMercatorTransform(worldCoordinateHelper ? {...transformOptions, worldCoordinateHelper} : transformOptions),
        cameraHelper: new MercatorCameraHelper(),
    };
}
`;
      }
      // The MapLibre Tile format's decoder (about 20 KB compressed) is left out: the street styles the
      // app uses serve Mapbox Vector Tiles. A source declared `encoding: "mlt"` fails to load, and a
      // street style made of such sources falls back to the built-in basemap (README, Maps).
      if (id === `\0${withoutMlt}`) {
        return [
          "export { GEOMETRY_TYPE } from '@maplibre/mlt/dist/vector/geometry/geometryType.js';",
          "export function decodeTile() { throw new Error('MapLibre Tile (MLT) sources are not part of this build: use Mapbox Vector Tiles'); }",
        ].join('\n');
      }
      if (id !== `\0${virtualId}`) return null;
      if (!building) return "export { default } from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';";
      const ref = this.emitFile({ type: 'chunk', id: path.join(source, 'source/worker.ts'), name: 'maplibre-worker' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    mantineStylesPerComponent(),
    zodWithoutJsonSchema(),
    chunkGraph(),
    mapLibreFromSource(),
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'prompt',
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Hubbub',
        short_name: 'Hubbub',
        description: 'Discover and publish local events.',
        theme_color: '#7048e8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // Shows alerts and reminders pushed by the server (public/push-sw.js).
        importScripts: ['push-sw.js'],
        navigateFallback: 'index.html',
        // Otherwise the precache answers fetch('/') with index.html, and GET / is also the
        // container data call; page navigations to / still get the shell via navigateFallback.
        directoryIndex: null,
        navigateFallbackDenylist: serverAreas.map((area) => new RegExp(`^${escapeRegExp(area)}`)),
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
        // The map stack (about 800 KB compressed) is not downloaded on a first visit to a page
        // without a map: it is cached as a map page loads it (runtime cache below, and the page
        // hands over what it loaded before the worker took control: app/service-worker.ts).
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => !mapFiles.has(entry.url)), warnings: [] })],
        runtimeCaching: [
          {
            // Hashed file names: a cached copy is never stale.
            urlPattern: /\/assets\//,
            handler: 'CacheFirst',
            options: { cacheName: 'hubbub-assets', expiration: { maxEntries: 80, purgeOnQuotaError: true } },
          },
        ],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside every asset over 1 KB, served as they are by the server (no work per request).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(serverAreas.map((area) => [area, proxied])),
      // GET / asked for JSON is the container data call; HTML requests stay with Vite.
      '^/$': {
        target: server,
        changeOrigin: true,
        bypass: (req) => (req.headers.accept?.includes('application/json') ? undefined : req.url),
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Framework code changes rarely; its own chunk stays cached across app releases.
        codeSplitting: {
          groups: [
            // Vite's preload helper rides with React, which every page loads first: left alone, the
            // maplibre group took it in (react-map-gl imports maplibre-gl lazily, through the helper)
            // and the entry then imported the whole map library to preload /login's chunks.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|vite[\\/]preload-helper/ },
            // With zod-without-eval: it must run before the first schema is built (app/zod-without-eval.ts),
            // and the zod chunk runs before every chunk that defines schemas.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zod-without-eval\.ts$/ },
            // The part of Mantine the shell itself draws ($initial) in one chunk; the components only
            // pages use fall to the automatic split and load with those pages (/login 307 -> 284 KB).
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx|type-fest)[\\/]/,
              tags: ['$initial'],
            },
            // Only the map screens load it. MapLibre itself splits on its own: what its worker also
            // runs must go to chunks the worker can import without the page's code (mapLibreFromSource).
            { name: 'maplibre', test: /node_modules[\\/](@vis\.gl|react-map-gl)[\\/]/ },
          ],
        },
      },
    },
  },
});
