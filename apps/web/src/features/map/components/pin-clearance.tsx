import { useEffect, useMemo, useState } from 'react';
import type { FeatureCollection, Point } from 'geojson';
import type { MapStyleImageMissingEvent } from 'maplibre-gl';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';

const IMAGE = 'pin-clearance';
// The default marker is 27×41 px; a little more keeps a name from touching it.
const WIDTH = 31;
const HEIGHT = 45;

/**
 * An invisible symbol the size of the pin marker: the marker is HTML over the canvas, so without
 * this the map would print the town's name under it. Must come after the labels it pushes aside
 * (symbols higher up are placed first).
 */
export function PinClearance({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { current } = useMap();
  // The layer comes only once the image is there: a tile laid out without it never shows it.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    const add = () => {
      if (!map.hasImage(IMAGE)) map.addImage(IMAGE, { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT * 4) });
    };
    // Asked for again should a new style (not a diffed one) drop it.
    const provide = (event: MapStyleImageMissingEvent) => {
      if (event.id === IMAGE) add();
    };
    add();
    // The layer is created while rendering and needs the image this effect just put on the map.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- records an outside fact (the image is there), nothing derivable
    setReady(true);
    map.on('styleimagemissing', provide);
    return () => {
      map.off('styleimagemissing', provide);
    };
  }, [current]);

  const data = useMemo<FeatureCollection<Point>>(
    () => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [longitude, latitude] } }] }),
    [latitude, longitude],
  );
  if (!ready) return null;
  return (
    <Source id="pin-clearance" type="geojson" data={data}>
      <Layer id="pin-clearance" type="symbol" layout={{ 'icon-image': IMAGE, 'icon-anchor': 'bottom', 'icon-allow-overlap': true }} />
    </Source>
  );
}
