import { EVENT_TILE_LAYER } from '@hubbub/contract';
import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';
import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_FONT_BOLD } from '../basemap/fonts';

/** The tiles' deepest zoom: a grid cell there is a few metres, so what still clusters shares a spot. */
export const EVENT_TILES_MAX_ZOOM = 18;

export const EVENTS_SOURCE = 'events';
export const HIGHLIGHT_SOURCE = 'event-highlight';
export const CLUSTER_LAYER = 'event-clusters';
export const CLUSTER_COUNT_LAYER = 'event-cluster-count';
export const POINT_LAYER = 'event-points';
export const LIVE_HALO_LAYER = 'event-live-halo';
export const LIVE_POINT_LAYER = 'event-live-points';
export const HIGHLIGHT_LAYER = 'event-highlight';

/** The live marker's red (Mantine red.7, as the Live badge). */
export const LIVE_COLOR = '#e03131';

const count: ExpressionSpecification = ['get', 'count'];
const isCluster: FilterSpecification = ['>', count, 1];
const isSingle: FilterSpecification = ['==', count, 1];
// A cell's `live` is how many of its events have a buzz running; absent when none.
const hasLive: FilterSpecification = ['has', 'live'];
const isLiveSingle: FilterSpecification = ['all', isSingle, hasLive];
const isQuietSingle: FilterSpecification = ['all', isSingle, ['!', hasLive]];

// The server aggregates the events into grid cells per tile, so the map draws at most a few hundred
// circles whatever the number of events; each carries its exact count.
export const clusterLayer: LayerProps = {
  id: CLUSTER_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isCluster,
  paint: {
    'circle-color': ['step', count, '#9775fa', 50, '#7950f2', 500, '#6741d9', 5000, '#5f3dc4'],
    'circle-radius': ['step', count, 13, 10, 15, 50, 18, 500, 22, 5000, 26],
    // A cluster holding a live event wears a red ring, so the live one is findable before zooming in.
    'circle-stroke-width': ['case', hasLive, 3.5, 2],
    'circle-stroke-color': ['case', hasLive, LIVE_COLOR, '#ffffff'],
    'circle-opacity': 0.92,
  },
};

export const clusterCountLayer: LayerProps = {
  id: CLUSTER_COUNT_LAYER,
  type: 'symbol',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isCluster,
  layout: {
    // 1234 → "1.2k", 56789 → "57k": the circle holds four characters at most.
    'text-field': [
      'case',
      ['>=', count, 10000],
      ['concat', ['to-string', ['round', ['/', count, 1000]]], 'k'],
      ['>=', count, 1000],
      ['concat', ['to-string', ['/', ['round', ['/', count, 100]], 10]], 'k'],
      ['to-string', count],
    ],
    'text-font': [MAP_FONT_BOLD],
    'text-size': 12,
    'text-allow-overlap': true,
    'text-ignore-placement': true,
  },
  paint: { 'text-color': '#ffffff' },
};

export const pointLayer: LayerProps = {
  id: POINT_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isQuietSingle,
  paint: {
    'circle-color': '#7048e8',
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 5, 14, 8],
    'circle-stroke-width': 1.5,
    'circle-stroke-color': '#ffffff',
  },
};

/** A live event's marker: a red dot, larger than the others, in a soft red halo (drawn under it). */
export const liveHaloLayer: LayerProps = {
  id: LIVE_HALO_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isLiveSingle,
  paint: {
    'circle-color': LIVE_COLOR,
    'circle-opacity': 0.25,
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 12, 14, 18],
  },
};

export const livePointLayer: LayerProps = {
  id: LIVE_POINT_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isLiveSingle,
  paint: {
    'circle-color': LIVE_COLOR,
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 7, 14, 10],
    'circle-stroke-width': 2.5,
    'circle-stroke-color': '#ffffff',
  },
};

/** Its own source, so the hovered event shows even while its point sits inside a cluster. */
export const highlightLayer: LayerProps = {
  id: HIGHLIGHT_LAYER,
  type: 'circle',
  source: HIGHLIGHT_SOURCE,
  paint: {
    'circle-color': '#fcc419',
    'circle-radius': 11,
    'circle-stroke-width': 3,
    'circle-stroke-color': '#e8590c',
  },
};
