import type { AttractionKind } from '@hubbub/contract';

/** What the demo people host, design and follow: the part of the demo a newcomer signs in to. */

export interface ShowcaseFlyer {
  name: string;
  emoji: string;
  /** The emoji's name as the designer's picker writes it. */
  emojiName: string;
  headline: string;
  detail: string;
  /** A gradient of the catalogue, by name. */
  gradient: string;
  angle: number;
  /** On the live event: a message the host sends each time this flyer comes on. */
  announcement?: string;
}

export interface ShowcaseEvent {
  key: string;
  name: string;
  category: string;
  tags: string[];
  icon: string;
  description: string;
  venue: string;
  place: { name: string; city: string; state: string; lat: number; lng: number };
  timeZone: string;
  /** now: live, from the last full hour; today: at this hour, or within the next two hours when it has passed; day: a wall-clock time some days ahead. */
  when: ({ kind: 'now' } | { kind: 'today'; hour: number } | { kind: 'day'; days: number; hour: number; minute?: number }) & { lengthHours: number };
  flyers: ShowcaseFlyer[];
  /** The line-up, in the host's order; `at`: hours after the start, for a set time. */
  lineUp?: { name: string; kind: AttractionKind; at?: number; description?: string }[];
}

interface ShowcasePerson {
  email: string;
  events: ShowcaseEvent[];
  follows: { people: ('demo' | 'river' | 'maya')[]; events: string[] };
}

const KANSAS_CITY = { city: 'Kansas City', state: 'MO' };
const CHICAGO = { city: 'Chicago', state: 'IL' };
const AUSTIN = { city: 'Austin', state: 'TX' };

export const SHOWCASE: Record<'demo' | 'river' | 'maya', ShowcasePerson> = {
  demo: {
    email: 'demo@hubbub.local',
    events: [
      {
        key: 'rooftop',
        name: 'Rooftop Jazz & Tacos',
        category: 'Music',
        tags: ['Jazz', 'Food Trucks'],
        icon: 'music',
        description:
          'A warm evening on the roof: a jazz quartet plays two sets while a taco truck parks downstairs.\n\nDoors open half an hour before the music. Seating is first come, first served; the roof is covered if it rains.',
        venue: 'The Rooftop at Union Station',
        place: { name: 'Union Station, Kansas City, MO', ...KANSAS_CITY, lat: 39.0849, lng: -94.5857 },
        timeZone: 'America/Chicago',
        when: { kind: 'today', hour: 19, lengthHours: 3 },
        lineUp: [
          { name: 'The Westside Swing Five', kind: 'performer', at: 0.5, description: 'Kansas City swing, two sets.' },
          { name: 'Taqueria La Esquina', kind: 'food', description: 'Al pastor, carnitas and a veggie option downstairs.' },
        ],
        flyers: [
          { name: 'Doors open', emoji: '🎷', emojiName: 'saxophone', headline: 'Rooftop Jazz & Tacos', detail: 'Doors open · music at the top of the hour', gradient: 'Purple Love', angle: 135 },
          { name: 'Taco menu', emoji: '🌮', emojiName: 'taco', headline: 'Tacos downstairs', detail: 'Al pastor, carnitas and a veggie option', gradient: 'Sunrise', angle: 160 },
        ],
      },
      {
        key: 'potluck',
        name: 'Westport Neighborhood Potluck',
        category: 'Community',
        tags: ['Neighborhood'],
        icon: 'tools-kitchen-2',
        description: 'Bring a dish to share and meet the neighbours. We bring plates, lemonade and a playlist; you bring your best casserole.',
        venue: 'Mill Street Park',
        place: { name: 'Westport, Kansas City, MO', ...KANSAS_CITY, lat: 39.0533, lng: -94.5922 },
        timeZone: 'America/Chicago',
        when: { kind: 'day', days: 1, hour: 18, lengthHours: 3 },
        flyers: [{ name: 'Bring a dish', emoji: '🥘', emojiName: 'shallow-pan-of-food', headline: 'Bring a dish!', detail: 'Mill Street Park · 6 pm', gradient: 'Mango', angle: 90 }],
      },
      {
        key: 'sunrise',
        name: 'Sunrise 5K at Loose Park',
        category: 'Sports & Fitness',
        tags: ['Running'],
        icon: 'run',
        description: 'An easy, untimed 5K loop around Loose Park at sunrise, then coffee by the rose garden. Walkers and strollers welcome.',
        venue: 'Loose Park, rose garden',
        place: { name: 'Loose Park, Kansas City, MO', ...KANSAS_CITY, lat: 39.0297, lng: -94.5953 },
        timeZone: 'America/Chicago',
        when: { kind: 'day', days: 3, hour: 7, minute: 30, lengthHours: 1.5 },
        flyers: [{ name: 'Route and coffee', emoji: '🏃', emojiName: 'person-running', headline: 'Sunrise 5K', detail: 'One loop · coffee at the finish', gradient: 'Green Beach', angle: 45 }],
      },
      {
        key: 'artwalk',
        name: 'Crossroads First Friday Art Walk',
        category: 'Arts & Theatre',
        tags: ['Gallery'],
        icon: 'palette',
        description: 'Galleries in the Crossroads Arts District open their doors late: new shows, street musicians and food trucks on every corner.',
        venue: 'Crossroads Arts District',
        place: { name: 'Crossroads, Kansas City, MO', ...KANSAS_CITY, lat: 39.0911, lng: -94.5804 },
        timeZone: 'America/Chicago',
        when: { kind: 'day', days: 8, hour: 18, lengthHours: 4 },
        flyers: [],
      },
    ],
    follows: { people: ['river', 'maya'], events: ['jazzjam', 'market'] },
  },
  river: {
    email: 'river@hubbub.local',
    events: [
      {
        key: 'jazzjam',
        name: 'Green Room Jazz Marathon',
        category: 'Music',
        tags: ['Jazz', 'Open Mic'],
        icon: 'music',
        description:
          'The Green Room keeps the music going round the clock: the River Okafor Trio opens each set, then the stage is open. Bring your horn, sign up at the bar and sit in for a tune.\n\nOpen the buzz to see what is on stage right now.',
        venue: 'The Green Room',
        place: { name: 'Uptown, Chicago, IL', ...CHICAGO, lat: 41.9657, lng: -87.658 },
        timeZone: 'America/Chicago',
        when: { kind: 'now', lengthHours: 6 },
        lineUp: [
          { name: 'River Okafor Trio', kind: 'performer', at: 0, description: 'Standards and originals: piano, bass and drums.' },
          { name: 'Open jam', kind: 'performer', at: 1.5, description: 'Sign up at the bar and sit in for a tune.' },
          { name: 'Lena Ruiz Quartet', kind: 'performer', at: 3, description: 'Latin jazz from Pilsen.' },
          { name: 'Late-night jam', kind: 'performer', at: 4.5 },
          { name: 'Uptown Music School', kind: 'sponsor', description: 'Every tip in the jar goes to its scholarships.' },
        ],
        flyers: [
          { name: 'On stage now', emoji: '🎷', emojiName: 'saxophone', headline: 'River Okafor Trio', detail: 'On stage now · standards and originals', gradient: 'Aubergine', angle: 135, announcement: 'The trio is back on stage!' },
          { name: 'Open jam sign-up', emoji: '🎺', emojiName: 'trumpet', headline: 'Sit in for a tune', detail: 'Sign up at the bar for the open jam', gradient: 'Sea Blue', angle: 120 },
          { name: 'Happy hour', emoji: '🍸', emojiName: 'cocktail-glass', headline: 'Happy hour', detail: '$5 drinks until eleven', gradient: 'Bloody Mary', angle: 150, announcement: 'Happy hour is on: $5 drinks at the bar.' },
          { name: 'Tip jar', emoji: '🎶', emojiName: 'musical-notes', headline: 'Tips go to the music school', detail: 'Thank you for supporting live jazz', gradient: 'Aqua Marine', angle: 100 },
        ],
      },
      {
        key: 'openmic',
        name: 'Sunday Open Mic',
        category: 'Music',
        tags: ['Open Mic'],
        icon: 'microphone-2',
        description: 'Ten-minute slots for songs, poems and stories. Sign-up opens at six; the house has a guitar and a keyboard.',
        venue: 'The Green Room',
        place: { name: 'Uptown, Chicago, IL', ...CHICAGO, lat: 41.9657, lng: -87.658 },
        timeZone: 'America/Chicago',
        when: { kind: 'day', days: 5, hour: 18, lengthHours: 3 },
        flyers: [{ name: 'Sign-up', emoji: '🎤', emojiName: 'microphone', headline: 'Sunday Open Mic', detail: 'Sign-up opens at 6 pm', gradient: 'Intuitive Purple', angle: 135 }],
      },
    ],
    follows: { people: [], events: ['rooftop'] },
  },
  maya: {
    email: 'maya@hubbub.local',
    events: [
      {
        key: 'market',
        name: 'Eastside Farmers Market',
        category: 'Food & Drink',
        tags: ['Farmers Market'],
        icon: 'carrot',
        description: 'Thirty farms and bakers from around Austin: peaches, tomatoes, eggs, honey and fresh bread. Bring your own bags.',
        venue: 'Plaza Saltillo',
        place: { name: 'East Austin, Austin, TX', ...AUSTIN, lat: 30.2622, lng: -97.7277 },
        timeZone: 'America/Chicago',
        when: { kind: 'today', hour: 9, lengthHours: 5 },
        lineUp: [
          { name: 'Oak Farm', kind: 'vendor', description: 'Hill Country peaches, tomatoes and okra.' },
          { name: 'Saltillo Bread Co.', kind: 'vendor', description: 'Sourdough and kolaches, baked this morning.' },
          { name: 'Bee Cave Honey', kind: 'vendor' },
          { name: 'Cooking demo: peach salsa', kind: 'speaker', at: 1 },
          { name: 'Eastside Credit Union', kind: 'sponsor' },
        ],
        flyers: [{ name: 'Peaches are in', emoji: '🍑', emojiName: 'peach', headline: 'Peaches are in!', detail: 'Hill Country peaches at the Oak Farm stall', gradient: 'Mango Pulp', angle: 120 }],
      },
      {
        key: 'trucks',
        name: 'Food Truck Rally on Rainey Street',
        category: 'Food & Drink',
        tags: ['Food Trucks'],
        icon: 'truck',
        description: 'A dozen of Austin’s best food trucks line up on Rainey Street, with picnic tables, a DJ and lawn games.',
        venue: 'Rainey Street',
        place: { name: 'Rainey Street, Austin, TX', ...AUSTIN, lat: 30.2587, lng: -97.7386 },
        timeZone: 'America/Chicago',
        when: { kind: 'day', days: 4, hour: 17, lengthHours: 4 },
        flyers: [{ name: 'Twelve trucks', emoji: '🚚', emojiName: 'delivery-truck', headline: 'Twelve trucks, one street', detail: 'Tacos, barbecue, dumplings and ice cream', gradient: 'Blooker20', angle: 135 }],
      },
    ],
    follows: { people: [], events: ['potluck'] },
  },
};
