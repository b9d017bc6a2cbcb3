import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_FONT_BOLD } from '../basemap/fonts';

export const EVENTS_SOURCE = 'events';
export const HIGHLIGHT_SOURCE = 'event-highlight';
export const CLUSTER_LAYER = 'event-clusters';
export const CLUSTER_COUNT_LAYER = 'event-cluster-count';
export const POINT_LAYER = 'event-points';
export const HIGHLIGHT_LAYER = 'event-highlight';

// Layers on one clustered GeoJSON source draw 100,000 points on the GPU; DOM markers would not scale.
export const clusterLayer: LayerProps = {
  id: CLUSTER_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  filter: ['has', 'point_count'],
  paint: {
    'circle-color': ['step', ['get', 'point_count'], '#9775fa', 50, '#7950f2', 500, '#6741d9', 5000, '#5f3dc4'],
    'circle-radius': ['step', ['get', 'point_count'], 15, 50, 19, 500, 24, 5000, 30],
    'circle-stroke-width': 2,
    'circle-stroke-color': '#ffffff',
    'circle-opacity': 0.92,
  },
};

export const clusterCountLayer: LayerProps = {
  id: CLUSTER_COUNT_LAYER,
  type: 'symbol',
  source: EVENTS_SOURCE,
  filter: ['has', 'point_count'],
  layout: {
    'text-field': ['get', 'point_count_abbreviated'],
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
  filter: ['!', ['has', 'point_count']],
  paint: {
    'circle-color': '#7048e8',
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 5, 14, 8],
    'circle-stroke-width': 1.5,
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
