// Builds the web app beside the served one and swaps it in, so a server reading `dist` never
// finds it half written, or gone for longer than two renames.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { swapBuild } from './swap-build.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const next = path.join(webRoot, `dist.next-${process.pid}`);
await build({ root: webRoot, build: { outDir: next, emptyOutDir: true } });
await swapBuild(next, path.join(webRoot, 'dist'));
