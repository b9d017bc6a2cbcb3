// The reference list of spec 3: the 50 US states and the District of Columbia, by USPS code, each
// with the box that frames it on a map ([west, south, east, north], degrees; Alaska without the
// Aleutians west of 180°), measured from us-atlas's states-10m (US Census Bureau, public domain).

export const US_STATES = [
  { code: 'AL', name: 'Alabama', box: [-88.47, 30.22, -84.89, 35.01] },
  { code: 'AK', name: 'Alaska', box: [-179.14, 51.23, -129.98, 71.35] },
  { code: 'AZ', name: 'Arizona', box: [-114.81, 31.33, -109.04, 37] },
  { code: 'AR', name: 'Arkansas', box: [-94.62, 33, -89.66, 36.5] },
  { code: 'CA', name: 'California', box: [-124.41, 32.53, -114.13, 42.01] },
  { code: 'CO', name: 'Colorado', box: [-109.06, 36.99, -102.04, 41] },
  { code: 'CT', name: 'Connecticut', box: [-73.73, 40.98, -71.79, 42.05] },
  { code: 'DE', name: 'Delaware', box: [-75.79, 38.45, -75.05, 39.84] },
  { code: 'DC', name: 'District of Columbia', box: [-77.12, 38.79, -76.91, 38.99] },
  { code: 'FL', name: 'Florida', box: [-87.63, 24.51, -80.03, 31] },
  { code: 'GA', name: 'Georgia', box: [-85.61, 30.36, -80.84, 35] },
  { code: 'HI', name: 'Hawaii', box: [-160.25, 18.92, -154.81, 22.23] },
  { code: 'ID', name: 'Idaho', box: [-117.24, 41.99, -111.04, 49] },
  { code: 'IL', name: 'Illinois', box: [-91.51, 36.97, -87.49, 42.51] },
  { code: 'IN', name: 'Indiana', box: [-88.1, 37.77, -84.78, 41.76] },
  { code: 'IA', name: 'Iowa', box: [-96.63, 40.38, -90.14, 43.5] },
  { code: 'KS', name: 'Kansas', box: [-102.05, 36.99, -94.59, 40] },
  { code: 'KY', name: 'Kentucky', box: [-89.57, 36.5, -81.97, 39.15] },
  { code: 'LA', name: 'Louisiana', box: [-94.04, 28.93, -88.82, 33.02] },
  { code: 'ME', name: 'Maine', box: [-71.08, 43.06, -66.98, 47.46] },
  { code: 'MD', name: 'Maryland', box: [-79.49, 37.92, -75.05, 39.72] },
  { code: 'MA', name: 'Massachusetts', box: [-73.51, 41.24, -69.93, 42.89] },
  { code: 'MI', name: 'Michigan', box: [-90.42, 41.7, -82.42, 48.19] },
  { code: 'MN', name: 'Minnesota', box: [-97.24, 43.5, -89.49, 49.38] },
  { code: 'MS', name: 'Mississippi', box: [-91.64, 30.18, -88.1, 35] },
  { code: 'MO', name: 'Missouri', box: [-95.77, 36, -89.1, 40.61] },
  { code: 'MT', name: 'Montana', box: [-116.05, 44.36, -104.04, 49] },
  { code: 'NE', name: 'Nebraska', box: [-104.05, 40, -95.31, 43] },
  { code: 'NV', name: 'Nevada', box: [-120.01, 35, -114.04, 42] },
  { code: 'NH', name: 'New Hampshire', box: [-72.56, 42.7, -70.7, 45.31] },
  { code: 'NJ', name: 'New Jersey', box: [-75.56, 38.93, -73.89, 41.36] },
  { code: 'NM', name: 'New Mexico', box: [-109.05, 31.33, -103, 37] },
  { code: 'NY', name: 'New York', box: [-79.76, 40.5, -71.86, 45.02] },
  { code: 'NC', name: 'North Carolina', box: [-84.32, 33.85, -75.46, 36.59] },
  { code: 'ND', name: 'North Dakota', box: [-104.05, 45.93, -96.56, 49] },
  { code: 'OH', name: 'Ohio', box: [-84.82, 38.41, -80.52, 41.98] },
  { code: 'OK', name: 'Oklahoma', box: [-103, 33.62, -94.43, 37] },
  { code: 'OR', name: 'Oregon', box: [-124.55, 41.99, -116.46, 46.27] },
  { code: 'PA', name: 'Pennsylvania', box: [-80.52, 39.72, -74.7, 42.27] },
  { code: 'RI', name: 'Rhode Island', box: [-71.86, 41.15, -71.12, 42.02] },
  { code: 'SC', name: 'South Carolina', box: [-83.35, 32.03, -78.54, 35.22] },
  { code: 'SD', name: 'South Dakota', box: [-104.06, 42.48, -96.44, 45.95] },
  { code: 'TN', name: 'Tennessee', box: [-90.31, 34.98, -81.65, 36.68] },
  { code: 'TX', name: 'Texas', box: [-106.65, 25.84, -93.52, 36.5] },
  { code: 'UT', name: 'Utah', box: [-114.05, 37, -109.04, 42] },
  { code: 'VT', name: 'Vermont', box: [-73.44, 42.73, -71.49, 45.02] },
  { code: 'VA', name: 'Virginia', box: [-83.68, 36.54, -75.24, 39.47] },
  { code: 'WA', name: 'Washington', box: [-124.73, 45.54, -116.92, 49] },
  { code: 'WV', name: 'West Virginia', box: [-82.64, 37.2, -77.72, 40.64] },
  { code: 'WI', name: 'Wisconsin', box: [-92.89, 42.49, -86.82, 47.08] },
  { code: 'WY', name: 'Wyoming', box: [-111.06, 41, -104.05, 45.01] },
] as const;

export type UsState = (typeof US_STATES)[number];
export type UsStateCode = UsState['code'];
export const US_STATE_CODES: readonly UsStateCode[] = US_STATES.map((s) => s.code);

const byCode = new Map<string, UsStateCode>(US_STATES.map((s) => [s.code, s.code]));
const byName = new Map<string, UsStateCode>(US_STATES.map((s) => [s.name.toLowerCase(), s.code]));
const names = new Map<string, string>(US_STATES.map((s) => [s.code, s.name]));

/** The code a person's text names: a code or a full name, in any case ("tx", "Texas"); undefined for anything else. */
export function usStateCode(text: string): UsStateCode | undefined {
  const value = text.trim().replace(/\s+/g, ' ');
  return byCode.get(value.toUpperCase()) ?? byName.get(value.toLowerCase());
}

/** The states a person may mean by what they typed so far: a code, or the start of a name or of one of its words. */
export function usStatesMatching(text: string): UsState[] {
  const typed = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!typed) return [];
  return US_STATES.filter((s) => s.code.toLowerCase() === typed || s.name.toLowerCase().startsWith(typed) || (typed.length >= 3 && s.name.toLowerCase().includes(` ${typed}`)));
}

/** "Texas" for "TX"; the text itself when it is not a state code. */
export function usStateName(code: string): string {
  return names.get(code) ?? code;
}
