import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import { queryKeys } from '@/lib/api';
import { loadAtlas } from './basemap/atlas';
import { mapFontFaces } from './basemap/fonts';
import { useBasemapChoice } from './basemap-choice';
import { buildOfflineStyle, labelPalette, type BasemapScheme } from './basemap/offline-style';

/**
 * The style every map uses: the hosted street style when the server names one (container data
 * `mapStyleUrl`, OpenFreeMap's by default) and it can be reached, otherwise the built-in offline
 * basemap in the current colour scheme (`fellBack` says whether that was a fallback).
 */
export function useMapStyle(): {
  style: StyleSpecification | undefined;
  hosted: boolean;
  fellBack: boolean;
  labels: { text: string; halo: string };
  error: unknown;
  retry: () => void;
} {
  const choice = useBasemapChoice();
  const scheme: BasemapScheme = useComputedColorScheme('light');
  const offline = useQuery({
    queryKey: queryKeys.offlineBasemap(scheme),
    queryFn: async () => buildOfflineStyle(await loadAtlas(), scheme, mapFontFaces()),
    enabled: choice.kind === 'offline',
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const labels = labelPalette(scheme);
  if (choice.kind === 'hosted') return { style: choice.style, hosted: true, fellBack: false, labels, error: null, retry: () => undefined };
  if (choice.kind === 'waiting') return { style: undefined, hosted: true, fellBack: false, labels, error: null, retry: () => undefined };
  return { style: offline.data, hosted: false, fellBack: choice.fellBack, labels, error: offline.error, retry: () => void offline.refetch() };
}
