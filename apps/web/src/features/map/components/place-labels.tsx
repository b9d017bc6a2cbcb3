import { useEffect, useMemo, useState } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { useAreaCities } from '../api/area-cities';
import { MAP_FONT_REGULAR } from '../basemap/fonts';
import { boxFromEdges, roundView, type Box, type MapView } from '../map-view';
import { mapLabels } from '../place-names';

/** Below this zoom the country and state names are enough. */
const MIN_ZOOM = 5;

function areaOf(map: MapLibreMap): { view: MapView; box: Box } | null {
  if (map.getZoom() < MIN_ZOOM) return null;
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    view: roundView({ latitude: c.lat, longitude: c.lng, zoom: Math.round(map.getZoom()) }),
    box: boxFromEdges({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
  };
}

/**
 * Town names for the offline basemap, from the server's gazetteer: without them a map zoomed
 * into a city is a blank sheet. Hosted styles bring their own labels and skip this.
 */
export function PlaceLabels({ palette }: { palette: { text: string; halo: string } }) {
  const { current } = useMap();
  const [area, setArea] = useState<{ view: MapView; box: Box } | null>(null);

  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const update = () => setArea(areaOf(map));
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [current]);

  const cities = useAreaCities(area);
  const data = useMemo<FeatureCollection<Point>>(() => {
    const shown = area ? (cities.data ?? []) : [];
    const names = mapLabels(shown);
    return {
      type: 'FeatureCollection',
      features: shown.map((city, i) => ({
        type: 'Feature',
        properties: { name: names[i], population: city.population },
        geometry: { type: 'Point', coordinates: [city.longitude, city.latitude] },
      })),
    };
  }, [area, cities.data]);

  return (
    <Source id="place-labels" type="geojson" data={data}>
      <Layer
        id="place-dots"
        type="circle"
        paint={{ 'circle-radius': 2.5, 'circle-color': palette.text, 'circle-opacity': 0.6 }}
      />
      <Layer
        id="place-labels"
        type="symbol"
        layout={{
          'text-field': ['get', 'name'],
          'text-font': [MAP_FONT_REGULAR],
          // Bigger towns get bigger names, like on a printed map.
          'text-size': [
            'interpolate',
            ['linear'],
            ['zoom'],
            5,
            ['step', ['get', 'population'], 10, 100_000, 11, 500_000, 13],
            12,
            ['step', ['get', 'population'], 12, 100_000, 14, 500_000, 16],
          ],
          'text-variable-anchor': ['top', 'bottom', 'left', 'right', 'top-left', 'top-right', 'bottom-left', 'bottom-right'],
          'text-radial-offset': 0.5,
          'text-max-width': 8,
          'symbol-sort-key': ['*', -1, ['get', 'population']],
        }}
        paint={{ 'text-color': palette.text, 'text-halo-color': palette.halo, 'text-halo-width': 1.4 }}
      />
    </Source>
  );
}
