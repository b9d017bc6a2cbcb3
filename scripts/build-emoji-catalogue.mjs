// Builds packages/contract/data/emoji.json from the openmoji package's data.
// The package is 34 MB (SVGs, fonts); the app needs only character, name and group,
// so a compact catalogue is generated here and committed. Run: node scripts/build-emoji-catalogue.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'packages/contract/package.json'));
const source = require('openmoji/data/openmoji.json');
const version = require('openmoji/package.json').version;

// The spec's groups, in its order.
const GROUPS = [
  'smileys-emotion', 'people-body', 'component', 'animals-nature', 'food-drink', 'travel-places',
  'activities', 'objects', 'symbols', 'flags', 'extras-openmoji', 'extras-unicode',
];

/** "flag: Côte d’Ivoire" → "flag-cote-d-ivoire". */
function hyphenate(text) {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const seen = new Set();
const entries = [];
for (const group of GROUPS) {
  for (const item of source) {
    // Skin-tone variants double the list; the picker offers the base emoji.
    if (item.group !== group || item.skintone) continue;
    let name = hyphenate(item.annotation || item.openmoji_tags || item.hexcode);
    if (!name) name = item.hexcode.toLowerCase();
    if (seen.has(name)) name = `${name}-${item.hexcode.toLowerCase()}`;
    if (seen.has(name)) continue;
    seen.add(name);
    entries.push({ emoji: item.emoji, name, group });
  }
}

const out = path.join(root, 'packages/contract/data/emoji.json');
// One entry per line keeps diffs of a regenerated catalogue readable.
fs.writeFileSync(out, `[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`);
console.log(`wrote ${entries.length} emoji from openmoji ${version} to ${path.relative(root, out)}`);
