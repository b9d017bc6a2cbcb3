import { useEffect } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import { DETAILED_WORLD_ZOOM, loadDetailedWorld, type WorldData } from '../basemap/atlas';

function apply(map: MapLibreMap, world: WorldData) {
  // setData answers a promise of the worker's update; nothing waits for it (the map redraws when it lands).
  void map.getSource<GeoJSONSource>('land')?.setData(world.land);
  void map.getSource<GeoJSONSource>('us-mask')?.setData(world.usMask);
  void map.getSource<GeoJSONSource>('country-borders')?.setData(world.countryBorders);
  void map.getSource<GeoJSONSource>('country-labels')?.setData(world.countryLabels);
}

/**
 * Swaps the offline basemap's coarse world for the detailed one once the map is zoomed in far
 * enough to tell them apart, so a first look at a country does not download the finer shapes.
 */
export function DetailedWorld() {
  const { current } = useMap();
  useEffect(() => {
    const map: MapLibreMap | undefined = current?.getMap();
    if (!map) return;
    let world: WorldData | null = null;
    let loading = false;
    let gone = false;
    const check = () => {
      if (world || loading || map.getZoom() < DETAILED_WORLD_ZOOM) return;
      loading = true;
      loadDetailedWorld()
        .then((detailed) => {
          if (gone) return;
          world = detailed;
          apply(map, detailed);
        })
        // The coarse world stays; the next zoom tries again.
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    };
    // A new style (the colour scheme changed) brings the coarse world back. Its sources exist
    // from style.load on, though they have not loaded yet (isStyleLoaded() is still false).
    const restyled = () => {
      if (world) apply(map, world);
    };
    map.on('zoomend', check);
    map.on('style.load', restyled);
    check();
    return () => {
      gone = true;
      map.off('zoomend', check);
      map.off('style.load', restyled);
    };
  }, [current]);
  return null;
}
