import { useComputedColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StyleSpecification } from 'maplibre-gl';
import { queryKeys } from '@/lib/api';
import { useContainerData } from '@/lib/container/container-data';
import { loadAtlas } from './basemap/atlas';
import { mapFontFaces } from './basemap/fonts';
import { buildOfflineStyle, labelPalette, type BasemapScheme } from './basemap/offline-style';

/**
 * The style every map uses: the hosted one when the server names it (container data
 * `mapStyleUrl`), otherwise the built-in offline basemap in the current colour scheme.
 */
export function useMapStyle(): {
  style: StyleSpecification | string | undefined;
  hosted: boolean;
  labels: { text: string; halo: string };
  error: unknown;
  retry: () => void;
} {
  const hosted = useContainerData()?.mapStyleUrl ?? null;
  const scheme: BasemapScheme = useComputedColorScheme('light');
  const offline = useQuery({
    queryKey: queryKeys.offlineBasemap(scheme),
    queryFn: async () => buildOfflineStyle(await loadAtlas(), scheme, mapFontFaces()),
    enabled: !hosted,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const labels = labelPalette(scheme);
  if (hosted) return { style: hosted, hosted: true, labels, error: null, retry: () => undefined };
  return { style: offline.data, hosted: false, labels, error: offline.error, retry: () => void offline.refetch() };
}
