import { fileURLToPath, URL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, transformWithOxc, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import postcss from 'postcss';
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
 * The tab's icon as a data: URL of public/favicon.svg in the page itself. As a file it is served
 * `no-cache`, with the headers of a document, and Chromium asked for it twice on a first visit (about
 * 1 KB each, /login included). The manifest still names the file, for installing the app.
 */
function faviconInPage(): Plugin {
  const icon = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  return {
    name: 'hubbub-favicon-in-page',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = fs.readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim().replace(/>\s+</g, '><').replaceAll('"', "'");
      if (!html.includes(icon)) throw new Error(`index.html no longer has ${icon}: update faviconInPage (vite.config.ts)`);
      return html.replace(icon, icon.replace('/favicon.svg', `data:image/svg+xml,${svg.replace(/[<>#%]/g, encodeURIComponent)}`));
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

const LAYERS_NOT_IN_BUILD = "new Error('Heatmap, hillshade and color-relief layers are not part of this build (apps/web/vite.config.ts)')";

/**
 * Edits to MapLibre's source (file, pattern, replacement, how many times it must match) for what the
 * app never draws: the globe's shaders (the projection factory below leaves the globe out), and the
 * heatmap, hillshade and color-relief layers, which no map of the app has and OpenFreeMap's styles
 * do not use; together about 6 KB compressed of a first /search visit. A hosted style's layers of
 * those types are taken out before MapLibre sees them (basemap/hosted-style.ts); one that still
 * reached MapLibre would fail with the error above. Should an update of MapLibre move the code, the
 * build stops rather than quietly shipping it whole.
 */
const MAPLIBRE_EDITS: Record<string, [RegExp, string, number][]> = {
  'style/create_style_layer.ts': [
    [/^import \{(Heatmap|Hillshade|ColorRelief)StyleLayer\} from .*$/gm, '', 3],
    [/^(\s*)return new (Heatmap|Hillshade|ColorRelief)StyleLayer\(layer, globalState\);$/gm, `$1throw ${LAYERS_NOT_IN_BUILD};`, 3],
  ],
  'webgl/draw/index.ts': [
    [/^import \{(drawHeatmap|drawHillshade|drawColorRelief)\} from .*$/gm, `const $1 = () => { throw ${LAYERS_NOT_IN_BUILD}; };`, 3],
    // The atmosphere is drawn round the globe only.
    [/^import \{drawSky, drawAtmosphere\} from (.*)$/gm, 'import {drawSky} from $1\nconst drawAtmosphere = () => {};', 1],
  ],
  'shaders/shaders.ts': [
    [/^(\s*)(projectionGlobe|atmosphere|heatmap|heatmapTexture|colorRelief|hillshadePrepare|hillshade): prepare\(\w+, \w+\),$/gm, '$1$2: undefined,', 7],
  ],
  'webgl/program/program_uniforms.ts': [
    [/^(\s*)(atmosphere|heatmap|heatmapTexture|colorRelief|hillshadePrepare|hillshade): \w+Uniforms,$/gm, '$1$2: undefined,', 6],
  ],
};

function editMapLibre(code: string, file: string): string {
  for (const [pattern, replacement, times] of MAPLIBRE_EDITS[file] ?? []) {
    const found = code.match(pattern)?.length ?? 0;
    if (found !== times) throw new Error(`MapLibre's ${file} has ${found} matches of ${pattern}, not ${times}: update MAPLIBRE_EDITS (vite.config.ts)`);
    code = code.replace(pattern, replacement);
  }
  return code;
}

/** The map worker's modules: its entry and what that imports statically (filled at the end of mapLibreFromSource's build). */
const mapWorkerModules = new Set<string>();

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
  const packageJson = path.join(repoRoot, 'node_modules/maplibre-gl/package.json');
  const workerEntry = path.join(source, 'source/worker.ts');
  let building = false;
  return {
    name: 'hubbub-maplibre-from-source',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildEnd() {
      mapWorkerModules.clear();
      const visit = (id: string) => {
        if (mapWorkerModules.has(id)) return;
        mapWorkerModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      if (this.getModuleInfo(workerEntry)) visit(workerEntry);
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
      code = editMapLibre(code, path.relative(source, id).split(path.sep).join('/'));
      const out = await transformWithOxc(code, id, {
        lang: 'ts',
        typescript: { removeClassFieldsWithoutInitializer: true },
        assumptions: { setPublicClassFields: true },
      });
      return { code: out.code, map: out.map };
    },
    load(id) {
      if (id === `\0${noFallbackLib}`) return 'export default undefined;';
      // The source reads only the version from its package.json; the whole file (its scripts and
      // dependencies, about 2 KB compressed) would otherwise ship with the map.
      if (building && id === packageJson) return JSON.stringify({ version: (JSON.parse(fs.readFileSync(id, 'utf8')) as { version: string }).version });
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
      const ref = this.emitFile({ type: 'chunk', id: workerEntry, name: 'maplibre-worker' });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

/**
 * MapLibre's stylesheet without the controls the app never adds (map-lib.ts hands react-map-gl only
 * the navigation and attribution controls, and no map turns on cooperative gestures or the MapLibre
 * logo): their icons are inline SVGs, each in three colour schemes, 6 of the file's 8 KB compressed
 * that every first map visit downloaded. A rule goes when each of its selectors names
 * one of those controls.
 */
function mapLibreCssWithoutUnusedControls(): Plugin {
  const stylesheet = /[\\/]maplibre-gl[\\/]dist[\\/]maplibre-gl\.css$/;
  const unused = /maplibregl-(ctrl-(geolocate|fullscreen|shrink|terrain|globe|logo|scale)|user-location|pseudo-fullscreen|cooperative-gesture|(desktop|mobile)-message)/;
  return {
    name: 'hubbub-maplibre-css-without-unused-controls',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!stylesheet.test(id)) return null;
      const root = postcss.parse(code);
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((selector) => !unused.test(selector));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      // The spin and the location dot's pulse animate the geolocate control only.
      root.walkAtRules('keyframes', (rule) => {
        if (/^maplibregl-(spin|user-location)/.test(rule.params)) rule.remove();
      });
      root.walkAtRules((rule) => {
        if (rule.nodes?.length === 0) rule.remove();
      });
      return { code: root.toString(), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    mapLibreCssWithoutUnusedControls(),
    faviconInPage(),
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
    // Brotli and gzip copies beside every asset that shrinks, served as they are by the server (no
    // work per request). Small files too: the server would otherwise compress them on each request
    // at its quicker, lower brotli quality (a first /search loads some 25 files under 1 KB).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 0 }),
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
            // The rest of what the entry loads statically, in the entry's own chunk. Left to the
            // automatic split, each module a page also imports went to a chunk of its own: some twenty
            // that every first visit downloaded one by one (a request's headers, and a file's
            // compression, apiece). The map's worker is an entry too: its modules stay with the map.
            { name: 'shell', tags: ['$initial'], test: (id) => !mapWorkerModules.has(id) },
          ],
        },
      },
    },
  },
});
