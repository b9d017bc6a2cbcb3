// Writes the cluster counts' font: Noto Sans Bold cut down to what a count shows ("7", "1.2k", "3M"),
// 2.9 KB against the 13.5 KB Latin file, for the map's first view. Run it again after changing the
// count's format (features/map/components/event-layers.ts, clusterLabelExpression):
//   node apps/web/scripts/subset-count-font.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

// The characters are fonts.ts's COUNT_CHARACTERS, read from its source so they are written once.
const fontsModule = fs.readFileSync(new URL('../src/features/map/basemap/fonts.ts', import.meta.url), 'utf8');
const COUNT_CHARACTERS = /COUNT_CHARACTERS = '([^']+)'/.exec(fontsModule)[1];

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2');
const target = new URL('../src/features/map/basemap/font-files/noto-sans-bold-counts.woff2', import.meta.url);
const font = await subsetFont(fs.readFileSync(source), COUNT_CHARACTERS, { targetFormat: 'woff2' });
fs.writeFileSync(target, font);
console.log(`${target.pathname}: ${font.length} bytes`);
