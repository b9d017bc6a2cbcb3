import { useEffect, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The first label layer of whatever basemap style is loaded (hosted, fallback or offline): the
 * event circles go right under it, so the names stay on top. Layers of the sources in `own` (the
 * map's own additions) do not count. Undefined while no style is loaded or it has no labels.
 */
export function firstLabelLayer(layers: readonly { id: string; type: string; source?: unknown }[], own: readonly string[]): string | undefined {
  return layers.find((layer) => layer.type === 'symbol' && !own.includes(String(layer.source)))?.id;
}

export function useLabelsBelow(map: MapLibreMap | null, own: readonly string[]): string | undefined {
  const [id, setId] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!map) return;
    // A new style (the fallback replacing a hosted one) brings its own layers. Read cheaply: this
    // runs on every style change, a dozen times a second while the live pulse runs.
    const update = () => {
      if (!map.style) return;
      const layers = map.getLayersOrder().flatMap((layerId) => {
        const layer = map.getLayer(layerId);
        return layer ? [{ id: layerId, type: layer.type, source: layer.source }] : [];
      });
      setId(firstLabelLayer(layers, own));
    };
    update();
    map.on('styledata', update);
    return () => {
      map.off('styledata', update);
    };
  }, [map, own]);
  return id;
}
