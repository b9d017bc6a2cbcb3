import { useMemo } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import { EVENT_TILE_SIZE_PX } from '@hubbub/contract';

export const HERE_SOURCE = 'here';
export const HERE_ACCURACY_LAYER = 'here-accuracy';
export const HERE_DOT_LAYER = 'here-dot';

/** Where the person is, as the browser told it: accuracy in metres (95%), when known. */
export interface HerePosition {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

/** The Earth's circumference at the equator, in metres (web mercator's sphere). */
const EQUATOR_M = 40_075_016.686;
/** Mantine blue.7, the colour people know a you-are-here dot by. */
const HERE_COLOR = '#1c7ed6';

/**
 * A circle of `meters` around a latitude, as a circle-radius in pixels by zoom: a mercator pixel
 * covers EQUATOR·cos(lat)/(512·2^z) metres, so the radius doubles with each zoom.
 */
export function metersRadius(meters: number, latitude: number): ExpressionSpecification {
  const atZoom0 = meters / ((EQUATOR_M * Math.cos((latitude * Math.PI) / 180)) / EVENT_TILE_SIZE_PX);
  return ['interpolate', ['exponential', 2], ['zoom'], 0, atZoom0, 22, atZoom0 * 2 ** 22];
}

/** The you-are-here dot, with the accuracy circle around it when the accuracy is known. */
export function HereMarker({ here, beforeId }: { here: HerePosition; beforeId?: string }) {
  const data = useMemo<FeatureCollection<Point>>(
    () => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [here.longitude, here.latitude] } }] }),
    [here.latitude, here.longitude],
  );
  const accuracy = here.accuracy && here.accuracy > 0 ? metersRadius(here.accuracy, here.latitude) : null;
  return (
    <Source id={HERE_SOURCE} type="geojson" data={data}>
      {accuracy && (
        <Layer
          id={HERE_ACCURACY_LAYER}
          type="circle"
          beforeId={beforeId}
          paint={{ 'circle-radius': accuracy, 'circle-color': HERE_COLOR, 'circle-opacity': 0.12, 'circle-stroke-width': 1, 'circle-stroke-color': HERE_COLOR, 'circle-stroke-opacity': 0.4 }}
        />
      )}
      <Layer id={HERE_DOT_LAYER} type="circle" paint={{ 'circle-radius': 7, 'circle-color': HERE_COLOR, 'circle-stroke-width': 2.5, 'circle-stroke-color': '#ffffff' }} />
    </Source>
  );
}
