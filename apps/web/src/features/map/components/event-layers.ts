import {
  CLUSTER_LIVE_STROKE_PX,
  CLUSTER_RADIUS_STEPS,
  CLUSTER_STROKE_PX,
  EVENT_TILE_LAYER,
  LIVE_DOT_RADIUS_PX,
  LIVE_DOT_STROKE_PX,
  LIVE_HALO_RADIUS_PX,
  LIVE_PULSE_GROW_PX,
  LIVE_PULSE_STROKE_PX,
  PIN_RADIUS_PX,
  PIN_STROKE_PX,
  clusterRadius,
  markerReach,
} from '@hubbub/contract';
import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';
import type { LayerProps } from 'react-map-gl/maplibre';
import { MAP_FONT_COUNT } from '../basemap/fonts';

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
/** The transparent square each marker's label layer carries, as large as the marker. */
export const MARKER_CLEARANCE_IMAGE = 'event-marker-clearance';
export const MARKER_CLEARANCE_IMAGE_PX = 4;

/** The live marker's red (Mantine red.7, as the Live badge). */
export const LIVE_COLOR = '#e03131';

const count: ExpressionSpecification = ['get', 'count'];
const isCluster: FilterSpecification = ['>', count, 1];
const isSingle: FilterSpecification = ['==', count, 1];
// A cell's `live` is how many of its events have a buzz running; absent when none.
const hasLive: FilterSpecification & ExpressionSpecification = ['has', 'live'];
const isLiveSingle: FilterSpecification = ['all', isSingle, hasLive];
const isQuietSingle: FilterSpecification = ['all', isSingle, ['!', hasLive]];

/** A cluster's radius by its count, as the server lays the tiles out with (CLUSTER_RADIUS_STEPS). */
export const clusterRadiusExpression: ExpressionSpecification = [
  'step',
  count,
  CLUSTER_RADIUS_STEPS[0].radius,
  ...CLUSTER_RADIUS_STEPS.slice(1).flatMap((step) => [step.from, step.radius]),
];

/** The contract's clusterLabel as an expression: 1234 → "1.2k", 56789 → "57k", four characters at most. */
export const clusterLabelExpression: ExpressionSpecification = [
  'case',
  ['>=', count, 9_950_000],
  ['concat', ['to-string', ['round', ['/', count, 1_000_000]]], 'M'],
  ['>=', count, 999_500],
  ['concat', ['to-string', ['/', ['round', ['/', count, 100_000]], 10]], 'M'],
  ['>=', count, 9950],
  ['concat', ['to-string', ['round', ['/', count, 1000]]], 'k'],
  ['>=', count, 1000],
  ['concat', ['to-string', ['/', ['round', ['/', count, 100]], 10]], 'k'],
  ['to-string', count],
];

/** The contract's markerReach as an expression: how far a marker reaches, rings and halo included. */
export const markerReachExpression: ExpressionSpecification = [
  'case',
  ['>', count, 1],
  // Beyond its circle, a cluster reaches by the same length whatever its count: its ring, or its live pulse.
  ['+', clusterRadiusExpression, ['case', hasLive, markerReach(2, 1) - clusterRadius(2), markerReach(2, 0) - clusterRadius(2)]],
  hasLive,
  markerReach(1, 1),
  markerReach(1, 0),
];

// The server aggregates the events into grid cells per tile and keeps each cell's marker clear of
// its edges, so the map draws at most a few hundred circles whatever the number of events, none
// touching another; each carries its exact count.
export const clusterLayer: LayerProps = {
  id: CLUSTER_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isCluster,
  paint: {
    'circle-color': ['step', count, '#9775fa', 50, '#7950f2', 500, '#6741d9', 5000, '#5f3dc4'],
    'circle-radius': clusterRadiusExpression,
    // A cluster holding a live event wears a red ring, so the live one is findable before zooming in.
    'circle-stroke-width': ['case', hasLive, CLUSTER_LIVE_STROKE_PX, CLUSTER_STROKE_PX],
    'circle-stroke-color': ['case', hasLive, LIVE_COLOR, '#ffffff'],
    'circle-opacity': 0.92,
  },
};

/**
 * Every marker's label, placed with symbol collision: a transparent square as large as the marker,
 * with the count on clusters. It is the topmost symbol layer, so it is placed first and the
 * basemap's names (placed after it) move aside or wait for a closer zoom instead of running under
 * a marker. Markers never meet (the server's layout), so no two of these ever collide either.
 */
export const clusterCountLayer: LayerProps = {
  id: CLUSTER_COUNT_LAYER,
  type: 'symbol',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  layout: {
    'icon-image': MARKER_CLEARANCE_IMAGE,
    'icon-size': ['/', ['*', 2, markerReachExpression], MARKER_CLEARANCE_IMAGE_PX],
    'icon-padding': 0,
    'text-field': ['case', isCluster, clusterLabelExpression, ''],
    'text-font': [MAP_FONT_COUNT],
    'text-size': 12,
    'text-padding': 0,
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
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, PIN_RADIUS_PX.zoom4, 14, PIN_RADIUS_PX.zoom14],
    'circle-stroke-width': PIN_STROKE_PX,
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
    'circle-opacity': 0.2,
    'circle-radius': LIVE_HALO_RADIUS_PX,
  },
};

/**
 * The pulsing ring round a live marker (use-live-pulse.ts): from the outer edge of the live dot's
 * or the cluster's ring, growing to LIVE_PULSE_GROW_PX beyond the circle, its 2 px line included.
 */
export function livePulseSize(count: number): { diameter: number; scale: number } {
  const radius = count > 1 ? clusterRadius(count) : LIVE_DOT_RADIUS_PX;
  const start = radius + (count > 1 ? CLUSTER_LIVE_STROKE_PX : LIVE_DOT_STROKE_PX);
  const outer = radius + LIVE_PULSE_GROW_PX + LIVE_PULSE_STROKE_PX / 2;
  return { diameter: 2 * start, scale: Math.round((outer / start) * 1000) / 1000 };
}

export const livePointLayer: LayerProps = {
  id: LIVE_POINT_LAYER,
  type: 'circle',
  source: EVENTS_SOURCE,
  'source-layer': EVENT_TILE_LAYER,
  filter: isLiveSingle,
  paint: {
    'circle-color': LIVE_COLOR,
    'circle-radius': LIVE_DOT_RADIUS_PX,
    'circle-stroke-width': LIVE_DOT_STROKE_PX,
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
