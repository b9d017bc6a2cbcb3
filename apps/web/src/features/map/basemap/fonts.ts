import type { FontFacesSpecification } from 'maplibre-gl';
import notoLatin400 from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import notoLatinExt400 from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff2?url';
import notoLatin700 from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2?url';
import notoLatinExt700 from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff2?url';
// Noto Sans Bold with only what a cluster count shows (apps/web/scripts/subset-count-font.mjs; OFL in font-files/).
// no-inline: MapLibre fetches its fonts, and the CSP allows no connection to data: URLs.
import notoCounts700 from './font-files/noto-sans-bold-counts.woff2?no-inline';

/** Names used in `text-font`; prefixed so they never clash with a hosted style's own fonts. */
export const MAP_FONT_REGULAR = 'Hubbub Noto Sans Regular';
export const MAP_FONT_BOLD = 'Hubbub Noto Sans Bold';
/** The cluster counts' font: a few glyphs, so the first view of a street map fetches 3 KB, not 14. */
export const MAP_FONT_COUNT = 'Hubbub Noto Sans Bold Counts';
/** What a cluster count shows ("7", "1.2k", "3M"; event-layers.ts): the glyphs the count font holds. */
export const COUNT_CHARACTERS = '0123456789.kM';

// Ranges from @fontsource/noto-sans's unicode.json: each file only covers its own script.
const LATIN = ['U+0000-00FF', 'U+0131', 'U+0152-0153', 'U+02BB-02BC', 'U+02C6', 'U+02DA', 'U+02DC', 'U+2000-206F', 'U+20AC', 'U+2122', 'U+2212'];
const LATIN_EXT = ['U+0100-02BA', 'U+02BD-02C5', 'U+02C7-02CC', 'U+02CE-02D7', 'U+02DD-02FF', 'U+1E00-1E9F', 'U+1EF2-1EFF', 'U+2C60-2C7F', 'U+A720-A7FF'];

// maplibre fetches these itself, so the paths Vite gives must be absolute URLs.
const absolute = (url: string) => new URL(url, window.location.href).href;

/**
 * Labels render from fonts the app serves itself (maplibre's `font-faces`), so the map needs
 * no glyph server and works offline; characters outside these ranges use local fonts.
 */
export function mapFontFaces(): FontFacesSpecification {
  return {
    [MAP_FONT_REGULAR]: [
      { url: absolute(notoLatin400), 'unicode-range': LATIN },
      { url: absolute(notoLatinExt400), 'unicode-range': LATIN_EXT },
    ],
    [MAP_FONT_BOLD]: [
      { url: absolute(notoLatin700), 'unicode-range': LATIN },
      { url: absolute(notoLatinExt700), 'unicode-range': LATIN_EXT },
    ],
    [MAP_FONT_COUNT]: [{ url: absolute(notoCounts700), 'unicode-range': [...COUNT_CHARACTERS].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`) }],
  };
}
