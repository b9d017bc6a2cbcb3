import { useEffect } from 'react';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { maplibregl } from '../map-lib';
import { CLUSTER_LAYER, LIVE_POINT_LAYER, livePulseSize } from './event-layers';
import classes from './live-pulse.module.css';

/** How often, at most, the markers in view are looked at again while tiles keep arriving. */
const LOOK_MS = 250;

/**
 * A pulsing ring round each marker in view that holds a live event (its red dot, or a cluster in a
 * red ring): HTML markers animated by CSS, so the map never repaints for the pulse, and still
 * under prefers-reduced-motion (the stylesheet turns the animation off). Redrawn as the view settles.
 */
export function useLivePulse(map: MapLibreMap | null) {
  useEffect(() => {
    if (!map) return;
    const shown = new Map<string, Marker>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      timer = undefined;
      const layers = [LIVE_POINT_LAYER, CLUSTER_LAYER].filter((id) => map.getLayer(id));
      const live = layers.length ? map.queryRenderedFeatures({ layers, filter: ['has', 'live'] }) : [];
      const seen = new Set<string>();
      for (const feature of live) {
        if (feature.geometry.type !== 'Point') continue;
        const [lng, lat] = feature.geometry.coordinates;
        const { diameter, scale } = livePulseSize(Number(feature.properties.count));
        const key = `${lng.toFixed(6)}/${lat.toFixed(6)}/${diameter}`;
        seen.add(key);
        if (shown.has(key)) continue;
        const element = document.createElement('div');
        element.className = classes.pulse;
        element.dataset.livePulse = '';
        element.style.width = element.style.height = `${diameter}px`;
        element.style.setProperty('--pulse-scale', String(scale));
        element.setAttribute('aria-hidden', 'true');
        const ring = document.createElement('span');
        ring.className = classes.ring;
        element.append(ring);
        shown.set(key, new maplibregl.Marker({ element, anchor: 'center' }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [key, marker] of shown) {
        if (seen.has(key)) continue;
        marker.remove();
        shown.delete(key);
      }
    };
    const soon = () => {
      timer ??= setTimeout(look, LOOK_MS);
    };
    map.on('idle', look);
    map.on('moveend', soon);
    map.on('sourcedata', soon);
    look();
    return () => {
      if (timer) clearTimeout(timer);
      map.off('idle', look);
      map.off('moveend', soon);
      map.off('sourcedata', soon);
      for (const marker of shown.values()) marker.remove();
    };
  }, [map]);
}
