import { EventStatus, type AdminEvent, type AdminPerson, type CatalogueEntry } from '@hubbub/contract';

/** Ids the admin console's tests share, so a person, their event and a report point at each other. */
export const ADMIN_IDS = {
  person: '2d8a5f3a-7c4e-4e9a-9b32-4f5a6b7c8d9e',
  event: '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c',
  flyer: '1c7f4e2f-6b3d-4d8f-8a21-3e4f5a6b7c8d',
  admin: '9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
} as const;

/** An ordinary account as the console reads it; override what a test is about. */
export const adminPerson = (over: Partial<AdminPerson> = {}): AdminPerson => ({
  id: ADMIN_IDS.person,
  email: 'hal@example.test',
  name: 'Hal Host',
  plan: 'Basic',
  roles: [],
  suspended: false,
  created: '2025-11-02T09:00:00Z',
  events: 1,
  openReports: 0,
  addOns: [],
  emailVerified: true,
  signInMethods: ['password'],
  adminFromConfig: false,
  suspension: null,
  subscription: null,
  sessions: [],
  eventList: [{ id: ADMIN_IDS.event, name: 'Raffle night', startDate: '2026-03-02T18:00:00Z', endDate: '2026-03-02T21:00:00Z', status: EventStatus.Created, hidden: null }],
  reasons: [],
  ...over,
});

/** An event in context as the console reads it, hosted by `adminPerson()`. */
export const adminEvent = (over: Partial<AdminEvent> = {}): AdminEvent => ({
  id: ADMIN_IDS.event,
  name: 'Raffle night',
  status: EventStatus.Created,
  startDate: '2026-03-02T18:00:00Z',
  endDate: '2026-03-02T21:00:00Z',
  timeZone: 'UTC',
  venue: 'Town hall',
  description: null,
  published: true,
  thumbnailPath: null,
  hidden: null,
  host: { id: ADMIN_IDS.person, name: 'Hal Host', email: 'hal@example.test', suspended: false },
  flyers: [{ id: ADMIN_IDS.flyer, name: 'Win a car', isActivated: true, openReports: 1 }],
  openReports: 0,
  reasons: [],
  ...over,
});

const priced = { monthlyPrice: null, yearlyPrice: null, currency: 'usd', purchasable: false };

/** The manifest's Products setting: JSON text of plans then add-ons, as the server sends it. */
export function manifestWith(entries: CatalogueEntry[]): { settings: { Products: string } } {
  return { settings: { Products: JSON.stringify(entries) } };
}

export const catalogue: CatalogueEntry[] = [
  { kind: 'plan', plan: 'Free', feature: null, name: 'Free', description: '', eventCapacity: 1, calendarCapacity: 1, flyerCapacity: 1, ...priced },
  { kind: 'plan', plan: 'Basic', feature: 'SubscriptionLevel.Basic', name: 'Basic', description: '', eventCapacity: 10, calendarCapacity: 3, flyerCapacity: 5, ...priced },
  { kind: 'plan', plan: 'Pro', feature: 'SubscriptionLevel.Pro', name: 'Organiser', description: '', eventCapacity: 50, calendarCapacity: 10, flyerCapacity: 20, ...priced },
  { kind: 'addOn', feature: 'Download.HTML', name: 'Download as HTML', description: '', ...priced },
];
