import type { FontFacesSpecification, StyleSpecification } from 'maplibre-gl';
import type { AtlasData } from './atlas';
import { MAP_FONT_BOLD, MAP_FONT_REGULAR } from './fonts';

export type BasemapScheme = 'light' | 'dark';

interface Palette {
  water: string;
  land: string;
  coast: string;
  countryBorder: string;
  stateBorder: string;
  countryLabel: string;
  stateLabel: string;
  halo: string;
}

const PALETTES: Record<BasemapScheme, Palette> = {
  light: {
    water: '#c9dff0',
    land: '#f7f4ee',
    coast: '#b3c9da',
    countryBorder: '#a39a8e',
    stateBorder: '#cdc5b8',
    countryLabel: '#4f483f',
    stateLabel: '#857c70',
    halo: '#f7f4ee',
  },
  dark: {
    water: '#17212b',
    land: '#272b31',
    coast: '#33404c',
    countryBorder: '#636b76',
    stateBorder: '#454c55',
    countryLabel: '#c3c8cf',
    stateLabel: '#8d949d',
    halo: '#272b31',
  },
};

/** Colours for labels drawn on top of the basemap (town names). */
export function labelPalette(scheme: BasemapScheme): { text: string; halo: string } {
  return { text: PALETTES[scheme].stateLabel, halo: PALETTES[scheme].halo };
}

/** The offline basemap's sources, credited on every map that shows it. */
export const BASEMAP_ATTRIBUTION = 'Natural Earth, US Census';

/**
 * From this zoom the US is drawn from the Census atlas instead of the coarser world. Not sooner:
 * the Census land stops at the US shore, so the Canadian half of each Great Lake is still the
 * world's dry land, which shows once a whole lake fits on the screen.
 */
export const US_DETAIL_ZOOM = 8;

/**
 * The built-in basemap: water, land, borders and labels from GeoJSON, with fonts the app serves
 * itself and no `glyphs` URL, so the map works with no tile or glyph server at all.
 */
export function buildOfflineStyle(atlas: AtlasData, scheme: BasemapScheme, fontFaces: FontFacesSpecification): StyleSpecification {
  const p = PALETTES[scheme];
  return {
    version: 8,
    name: 'Hubbub offline',
    'font-faces': fontFaces,
    sources: {
      land: { type: 'geojson', data: atlas.land, attribution: BASEMAP_ATTRIBUTION },
      'us-mask': { type: 'geojson', data: atlas.usMask },
      'us-land': { type: 'geojson', data: atlas.usLand },
      'country-borders': { type: 'geojson', data: atlas.countryBorders },
      'country-labels': { type: 'geojson', data: atlas.countryLabels },
      'state-borders': { type: 'geojson', data: atlas.stateBorders },
      'state-labels': { type: 'geojson', data: atlas.stateLabels },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': p.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': p.land, 'fill-antialias': true } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': p.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] },
      },
      // Where the two atlases disagree, the finer one wins: the world's US becomes water first.
      { id: 'us-mask', type: 'fill', source: 'us-mask', minzoom: US_DETAIL_ZOOM, paint: { 'fill-color': p.water, 'fill-antialias': false } },
      { id: 'us-land', type: 'fill', source: 'us-land', minzoom: US_DETAIL_ZOOM, paint: { 'fill-color': p.land, 'fill-antialias': true } },
      {
        // Also hides the hairline of water where the two atlases' land borders do not quite meet.
        id: 'us-coastline',
        type: 'line',
        source: 'us-land',
        minzoom: US_DETAIL_ZOOM,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': p.coast, 'line-width': 1.5 },
      },
      {
        id: 'state-borders',
        type: 'line',
        source: 'state-borders',
        minzoom: 2.5,
        paint: {
          'line-color': p.stateBorder,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.6],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'country-borders',
        layout: { 'line-join': 'round' },
        paint: { 'line-color': p.countryBorder, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 10, 2] },
      },
      {
        id: 'state-labels',
        type: 'symbol',
        source: 'state-labels',
        minzoom: 4,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT_REGULAR],
          'text-size': ['interpolate', ['linear'], ['zoom'], 4, 10, 8, 14],
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.08,
          'text-max-width': 8,
          'symbol-sort-key': ['*', -1, ['get', 'area']],
        },
        paint: { 'text-color': p.stateLabel, 'text-halo-color': p.halo, 'text-halo-width': 1.2 },
      },
      {
        id: 'country-labels',
        type: 'symbol',
        source: 'country-labels',
        layout: {
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT_BOLD],
          'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 4, 13, 7, 16],
          'text-max-width': 7,
          'symbol-sort-key': ['*', -1, ['get', 'area']],
        },
        paint: { 'text-color': p.countryLabel, 'text-halo-color': p.halo, 'text-halo-width': 1.5 },
      },
    ],
  };
}
