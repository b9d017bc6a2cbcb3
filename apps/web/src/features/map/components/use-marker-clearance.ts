import { useEffect, useState } from 'react';
import type { Map as MapLibreMap, MapStyleImageMissingEvent } from 'maplibre-gl';
import { MARKER_CLEARANCE_IMAGE, MARKER_CLEARANCE_IMAGE_PX } from './event-layers';

/**
 * Puts the markers' transparent clearance square on the map (and again should a new style drop
 * it); true once it is there. The label layer waits for it: a tile laid out without its image
 * never shows it, and the square is what keeps the basemap's names off the markers.
 */
export function useMarkerClearance(map: MapLibreMap | null): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!map) return;
    const size = MARKER_CLEARANCE_IMAGE_PX;
    const add = () => {
      if (!map.hasImage(MARKER_CLEARANCE_IMAGE)) map.addImage(MARKER_CLEARANCE_IMAGE, { width: size, height: size, data: new Uint8Array(size * size * 4) });
    };
    const provide = (event: MapStyleImageMissingEvent) => {
      if (event.id === MARKER_CLEARANCE_IMAGE) add();
    };
    add();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- records an outside fact (the image is there), nothing derivable
    setReady(true);
    map.on('styleimagemissing', provide);
    return () => {
      map.off('styleimagemissing', provide);
    };
  }, [map]);
  return ready;
}
