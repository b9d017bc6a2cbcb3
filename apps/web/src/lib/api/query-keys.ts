/**
 * Every query key of the app, in one place. Features read and invalidate caches owned by other
 * features (a saved flyer makes the event page stale, a saved event the map search and usage),
 * so a key's spelling must live once. Each `all` is the prefix its longer keys start with, so
 * invalidating it reaches them all.
 */

const eventSearchAll = ['event-search'] as const;
const people = ['person'] as const;
const home = ['home'] as const;
const userSearches = ['user-search'] as const;
const documentLists = ['documents'] as const;
const adminEvents = ['admin-event'] as const;
const adminPeople = ['admin-people'] as const;
const adminPerson = ['admin-person'] as const;

export const queryKeys = {
  account: ['account'] as const,
  products: ['manifest', 'products'] as const,
  usage: ['usage'] as const,
  subscription: ['subscription'] as const,
  profile: ['profile'] as const,
  connectedAccounts: ['connected-accounts'] as const,
  /** The signed-in person's calendars (feeds); creating or deleting one also changes `usage`. */
  calendars: ['calendars'] as const,
  /** Reminders and every calendar's alert (Settings): creating, renaming or deleting a calendar, or changing its alert, makes it stale. */
  notificationSettings: ['notification-settings'] as const,

  events: {
    detail: (id: string) => ['event', id] as const,
    mine: ['events-mine'] as const,
    following: ['events-following'] as const,
    /** Buzzes running now that the person may watch (event/live/). */
    live: ['events-live'] as const,
    /** Quick create's draft, kept on the server as the host types (issue 26). */
    draft: ['event-draft'] as const,
  },
  /** A series' rule and dates (the dates themselves are events, under events.detail). */
  series: {
    all: ['series'] as const,
    detail: (id: string) => ['series', id] as const,
  },
  eventFlyers: (eventId: string) => ['event-flyers', eventId] as const,
  eventLaunches: (eventId: string) => ['event-launches', eventId] as const,
  eventPartners: (eventId: string) => ['event-partners', eventId] as const,

  /** Seats and the waitlist of one event; the host's list of who is coming under it, so a change reaches both. */
  going: {
    summary: (eventId: string) => ['going', eventId] as const,
    people: (eventId: string, q: string, state: string | null, pageNumber: number) => ['going', eventId, 'people', q, state, pageNumber] as const,
    /** Who may see the event and who was invited (the host's). */
    invitations: (eventId: string) => ['going', eventId, 'invitations'] as const,
  },

  /** The people a host named to help run one event. */
  coHosts: (eventId: string) => ['co-hosts', eventId] as const,

  /** The door of one event (the host's) and a guest's own tickets to it. */
  checkIn: {
    door: (eventId: string) => ['check-in', eventId] as const,
    tickets: (eventId: string, guests: number) => ['check-in', eventId, 'tickets', guests] as const,
  },

  tags: {
    categories: ['tag-categories'] as const,
    search: (searchText: string, categoryId: string | null) => ['tag-search', searchText, categoryId] as const,
  },

  // The box is part of these keys: moving the map is a new query, and the one it replaces loses
  // its observer, which aborts its request.
  eventSearch: {
    all: eventSearchAll,
    list: <F, B>(filters: F, box: B) => [...eventSearchAll, filters, box] as const,
    /** The events of one spot on the map (a cluster that zooming cannot split). */
    spot: <F, B>(filters: F, box: B) => [...eventSearchAll, 'spot', filters, box] as const,
    /** Who is behind the events in view: the partners drawer. */
    partners: <F, B>(filters: F, box: B) => [...eventSearchAll, 'partners', filters, box] as const,
  },

  users: {
    all: people,
    person: (id: string) => [...people, id] as const,
    /** A person's fediverse handle (features/federation); under the person. */
    fediverseHandle: (id: string) => [...people, id, 'fediverse'] as const,
    searches: userSearches,
    search: (searchText: string, pageNumber: number) => [...userSearches, searchText, pageNumber] as const,
    summary: ['user-summary'] as const,
    /** A person's public events, upcoming or past, a page; under the person, so a change to them reaches it. */
    events: (id: string, when: string, pageNumber: number) => [...people, id, 'events', when, pageNumber] as const,
  },

  /** The signed-in person's home, read in a time zone; following someone or an event makes it stale. */
  home: {
    all: home,
    get: (timeZone: string) => [...home, timeZone] as const,
  },

  documents: {
    /** Every list of documents (searches, recents): a saved or deleted document makes them stale. */
    lists: documentLists,
    search: <P>(params: P) => [...documentLists, 'search', params] as const,
    detail: (id: string) => ['document', id] as const,
    revisions: (id: string) => ['document-revisions', id] as const,
    revision: (id: string, version: number) => ['document-revisions', id, version] as const,
    ofEvent: (eventId: string) => ['event-documents', eventId] as const,
  },

  admin: {
    reports: ['admin-reports'] as const,
    overview: ['admin-overview'] as const,
    auditAll: ['admin-audit'] as const,
    audit: <Q>(query: Q) => ['admin-audit', query] as const,
    eventsAll: adminEvents,
    event: (id: string) => [...adminEvents, id] as const,
    peopleAll: adminPeople,
    people: (q: string, pageNumber: number) => [...adminPeople, q, pageNumber] as const,
    personAll: adminPerson,
    person: (id: string) => [...adminPerson, id] as const,
    live: ['admin-live'] as const,
    /** Its own key: the account feature caches the same manifest under `products`, in its own shape. */
    catalogue: ['admin-catalogue'] as const,
    /** The site in the fediverse (features/federation): its handle, followers and blocks. */
    federation: ['admin-federation'] as const,
  },

  cities: {
    search: (search: string, limit: number) => ['cities', search, limit] as const,
    inArea: <B>(box: B, limit: number) => ['area-cities', box, limit] as const,
  },
  offlineBasemap: (scheme: string) => ['offline-basemap', scheme] as const,
};
