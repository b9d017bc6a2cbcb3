import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
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

export default defineConfig({
  plugins: [
    react(),
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
        // The map worker (.mjs), the label font and the atlas chunks make the map work offline once installed.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest,woff2}'],
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
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // With zod-without-eval: it must run before the first schema is built (app/zod-without-eval.ts),
            // and the zod chunk runs before every chunk that defines schemas.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]app[\\/]zod-without-eval\.ts$/ },
            // One chunk instead of dozens of small ones: each request costs its headers and compresses alone.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx|type-fest)[\\/]/ },
            // Only the map screens load it.
            { name: 'maplibre', test: /node_modules[\\/](maplibre-gl|@maplibre|@vis\.gl|react-map-gl)[\\/]/ },
          ],
        },
      },
    },
  },
});
