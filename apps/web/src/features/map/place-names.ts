export interface NamedPlace {
  name: string;
  state: string | null;
  country: string;
}

/**
 * The names a map prints for these places: a name two places in view share gets its state (or
 * country) added, so the two Kansas Cities read "Kansas City, MO" and "Kansas City, KS".
 */
export function mapLabels(places: NamedPlace[]): string[] {
  const regions = new Map<string, Set<string>>();
  for (const place of places) {
    const region = place.state ?? place.country;
    regions.set(place.name, (regions.get(place.name) ?? new Set()).add(region));
  }
  return places.map((place) => ((regions.get(place.name)?.size ?? 0) > 1 ? `${place.name}, ${place.state ?? place.country}` : place.name));
}
