import type { StyleSpecification } from 'maplibre-gl';
import { useContainerData } from '@/lib/container/container-data';
import { mapFontFaces } from './basemap/fonts';
import { useHostedStyle, type HostedStyleState } from './basemap/hosted-style';

export type BasemapChoice =
  /** The hosted street style, fetched and ready. */
  | { kind: 'hosted'; style: StyleSpecification }
  /** The hosted style is still being fetched. */
  | { kind: 'waiting' }
  /** The built-in basemap: chosen (MAP_STYLE_URL=offline), or because the hosted one cannot be reached. */
  | { kind: 'offline'; fellBack: boolean };

/** Which basemap a map draws, from the configured style (null: offline) and what became of it. */
export function chooseBasemap(configured: string | null, hosted: HostedStyleState | null): BasemapChoice {
  if (!configured || !hosted) return { kind: 'offline', fellBack: false };
  if (hosted.status === 'ready') return { kind: 'hosted', style: hosted.style };
  if (hosted.status === 'unreachable') return { kind: 'offline', fellBack: true };
  return { kind: 'waiting' };
}

/** The current choice, for components around the map (the note, the remount key) that need no style. */
export function useBasemapChoice(): BasemapChoice {
  const configured = useContainerData()?.mapStyleUrl ?? null;
  return chooseBasemap(configured, useHostedStyle(configured, mapFontFaces));
}
