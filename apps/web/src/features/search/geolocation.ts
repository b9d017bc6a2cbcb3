export interface Position {
  latitude: number;
  longitude: number;
  /** Metres, as the browser reports it (95% confidence); the map draws it as a halo. */
  accuracy?: number;
}

// GeolocationPositionError codes.
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

/** What to tell a person when the browser cannot give their position. */
export function geolocationMessage(code: number | 'unsupported'): string {
  switch (code) {
    case 'unsupported':
      return 'This browser cannot share your location. Type a place instead.';
    case PERMISSION_DENIED:
      return 'Location access is blocked for this site. Allow it in your browser’s site settings, or type a place instead.';
    case POSITION_UNAVAILABLE:
      return 'Your location is not available right now. Type a place instead.';
    case TIMEOUT:
      return 'Finding your location took too long. Try again, or type a place instead.';
    default:
      return 'Your location could not be found. Type a place instead.';
  }
}

/** One position fix; rejects with a message that can be shown as it is. */
export function locate(geolocation: Geolocation | null = globalThis.navigator?.geolocation ?? null): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(geolocationMessage('unsupported')));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve(positionOf(position.coords)),
      (error) => reject(new Error(geolocationMessage(error.code))),
      // A fix from the last few minutes is close enough to centre a map.
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  });
}

/** A fix as the page keeps it; an accuracy the browser does not know (0, NaN) is left out. */
export function positionOf(coords: Pick<GeolocationCoordinates, 'latitude' | 'longitude' | 'accuracy'>): Position {
  const { latitude, longitude, accuracy } = coords;
  return Number.isFinite(accuracy) && accuracy > 0 ? { latitude, longitude, accuracy } : { latitude, longitude };
}
