/**
 * Zooms a map of one place uses. Closer in, the offline basemap is bare land around the pin
 * and even a hosted one shows streets without the names that say which town this is.
 */
export const PIN_FRAME = {
  /** The town, its neighbours and often a state line or coast: the offline basemap's best view. */
  offline: 10,
  /** A hosted style still names the town and its districts here. */
  hosted: 11,
  /** How far the zoom buttons go: a street block, or the whole country. */
  min: 3,
  max: 16,
} as const;

/** The zoom a still map of an area opens at: the area's own when wider, else the framing cap. */
export function frameZoom(areaZoom: number | null | undefined, hosted: boolean): number {
  const cap = hosted ? PIN_FRAME.hosted : PIN_FRAME.offline;
  if (areaZoom == null || !Number.isFinite(areaZoom)) return cap;
  return Math.max(PIN_FRAME.min, Math.min(areaZoom, cap));
}

/** One zoom-button step from `zoom`, kept within the buttons' range and on whole levels. */
export function stepZoom(zoom: number, step: 1 | -1): number {
  const next = step > 0 ? Math.floor(zoom + 1) : Math.ceil(zoom - 1);
  return Math.max(PIN_FRAME.min, Math.min(PIN_FRAME.max, next));
}
