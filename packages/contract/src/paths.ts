import { ACCOUNT, ADMIN, ENGINE, PRESENCE, PROJECT } from './api-prefixes.js';

/** Every API route as the server registers it (`:name` marks a path parameter). One source for both sides. */
export const routes = {
  login: `${PRESENCE}/auth/login`,
  logout: `${PRESENCE}/auth/logout`,
  authUser: `${PRESENCE}/auth/user`,
  refresh: `${PRESENCE}/auth/refresh`,
  external: `${PRESENCE}/auth/external`,
  externalStart: `${PRESENCE}/auth/external/:provider/start`,
  externalLink: `${PRESENCE}/auth/external/link`,
  connectedAccounts: `${PRESENCE}/auth/external/accounts`,
  connectedAccount: `${PRESENCE}/auth/external/accounts/:provider`,
  register: `${PRESENCE}/auth/register`,
  verify: `${PRESENCE}/auth/verify/:tokenOrCode`,
  forgot: `${PRESENCE}/auth/password/forgot`,
  reset: `${PRESENCE}/auth/password/reset/:code`,

  userSearch: `${PRESENCE}/user/search/`,
  userSummary: `${PRESENCE}/user/summary/`,
  user: `${PRESENCE}/user/:id`,
  profile: `${PRESENCE}/user/profile/`,
  publicUser: `${PRESENCE}/user/public/:id`,
  block: `${PRESENCE}/user/block/:id/:flag`,
  follow: `${PRESENCE}/user/link/`,
  unfollow: `${PRESENCE}/user/link/:id`,

  account: `${ACCOUNT}/account/`,
  manifest: `${ACCOUNT}/manifest/`,
  usage: `${ENGINE}/manifest/usage`,
  subscription: `${ACCOUNT}/subscription/`,
  subscriptionCheckout: `${ACCOUNT}/subscription/checkout`,
  subscriptionPortal: `${ACCOUNT}/subscription/portal`,
  stripeWebhook: `${ACCOUNT}/billing/stripe/webhook`,

  eventSearch: `${ENGINE}/event/search/`,
  eventTiles: `${ENGINE}/event/tiles/:z/:x/:y`,
  event: `${ENGINE}/event/:id`,
  eventCreate: `${ENGINE}/event/`,
  eventUpdate: `${ENGINE}/event/update/`,
  eventMine: `${ENGINE}/event/mine/`,
  eventFollowing: `${ENGINE}/event/following/`,
  eventThumbnail: `${ENGINE}/event/thumbnail/:id`,
  eventExport: `${ENGINE}/event/export/:id`,
  eventLinkSearch: `${ENGINE}/event/link/search/`,
  eventLink: `${ENGINE}/event/link/`,
  eventLinkDelete: `${ENGINE}/event/link/:id`,
  tagCategories: `${ENGINE}/tag/categories`,
  tagSearch: `${ENGINE}/tag/search`,
  eventTag: `${ENGINE}/event/tag/`,
  eventTagDelete: `${ENGINE}/event/tag/:eventId/:tagId`,
  cities: `${ENGINE}/geo/cities/`,
  citiesNearby: `${ENGINE}/geo/cities-nearby/`,
  areaCities: `${ENGINE}/area/cities/`,

  flyerCreate: `${ENGINE}/flyer/`,
  flyerUpdate: `${ENGINE}/flyer/update/`,
  flyer: `${ENGINE}/flyer/:id`,
  flyerImage: `${ENGINE}/flyer/image/:id`,
  eventFlyers: `${ENGINE}/flyer/event/:eventId`,

  documentSearch: `${PROJECT}/projectDocument/search/`,
  document: `${PROJECT}/projectDocument/:id`,
  documentCreate: `${PROJECT}/projectDocument/`,
  documentUpdate: `${PROJECT}/projectDocument/update`,
  documentRevisions: `${PROJECT}/projectDocument/:id/revisions`,
  documentRevision: `${PROJECT}/projectDocument/:id/revisions/:version`,
  documentRestore: `${PROJECT}/projectDocument/:id/revisions/:version/restore`,
  eventDocuments: `${PROJECT}/projectDocument/event/:eventId`,
  documentImages: `${PROJECT}/projectDocument/:id/images`,
  report: `${ENGINE}/report/`,
  adminReports: `${ADMIN}/reports/`,
  adminReportDismiss: `${ADMIN}/reports/:targetType/:targetId/dismiss`,
  adminAudit: `${ADMIN}/audit/`,
  adminOverview: `${ADMIN}/overview/`,
  adminEvent: `${ADMIN}/events/:id`,
  adminEventHide: `${ADMIN}/events/:id/hide`,
  adminEventUnhide: `${ADMIN}/events/:id/unhide`,
  adminEventCancel: `${ADMIN}/events/:id/cancel`,
  adminEventStop: `${ADMIN}/events/:id/stop`,
  adminPeople: `${ADMIN}/people/`,
  adminPerson: `${ADMIN}/people/:id`,
  adminPersonSuspend: `${ADMIN}/people/:id/suspend`,
  adminPersonLift: `${ADMIN}/people/:id/lift`,
  adminPersonRole: `${ADMIN}/people/:id/role`,
  adminPersonPlan: `${ADMIN}/people/:id/plan`,
  adminPersonDelete: `${ADMIN}/people/:id/delete`,
  adminLive: `${ADMIN}/live/`,
  accountExport: `${ACCOUNT}/account/export`,
  accountDelete: `${ACCOUNT}/account/delete`,
  documentExport: `${PROJECT}/projectDocument/:id/export`,

  calendars: `${ENGINE}/calendar/`,
  calendarUpdate: `${ENGINE}/calendar/update/`,
  calendar: `${ENGINE}/calendar/:id`,
  calendarToken: `${ENGINE}/calendar/:id/token`,
  calendarFeed: '/feeds/:token.ics',
  notificationSettings: `${ACCOUNT}/notifications/`,
  pushKey: `${ACCOUNT}/push/key`,
  pushSubscriptions: `${ACCOUNT}/push/subscriptions`,
  /** Outside the API (mail clients' one-click unsubscribe sends no tenant header); the web page /unsubscribe posts here too. */
  unsubscribe: '/unsubscribe/:token',
  eventIcs: `${ENGINE}/event/ics/:id`,

  launch: `${ENGINE}/launch/`,
  eventTimelines: `${ENGINE}/launch/event/:eventId`,
  cancelLaunch: `${ENGINE}/launch/:id`,
} as const;

type Params<R extends string> = R extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & Params<`/${Rest}`>
  : R extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/** A route with its parameters filled in, each encoded. */
export function pathTo<R extends string>(route: R, params: Params<R>): string {
  return route.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
}

/** The filters of a tile URL (see EventTileQuerySchema). */
export type TileQuery = Record<string, string | number | boolean | null | undefined>;

/** `?a=1&b=2` of the given filters, absent and empty ones left out, keys in order (so equal filters make one URL, one cache entry). */
export function tileQueryString(query: TileQuery = {}): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length ? `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

export const paths = {
  login: routes.login,
  logout: routes.logout,
  authUser: routes.authUser,
  refresh: routes.refresh,
  external: routes.external,
  /** A browser navigation (the tenant in the query): redirects to the provider. `provider` is the slug (google, microsoft). */
  externalStart: (provider: string, query: { tenant: string; returnTo: string }) =>
    `${pathTo(routes.externalStart, { provider })}?tenant=${encodeURIComponent(query.tenant)}&returnTo=${encodeURIComponent(query.returnTo)}`,
  externalLink: routes.externalLink,
  connectedAccounts: routes.connectedAccounts,
  connectedAccount: (provider: string) => pathTo(routes.connectedAccount, { provider }),
  register: routes.register,
  verify: (tokenOrCode: string) => pathTo(routes.verify, { tokenOrCode }),
  forgot: routes.forgot,
  reset: (code: string) => pathTo(routes.reset, { code }),
  userSearch: routes.userSearch,
  userSummary: routes.userSummary,
  user: (id: string) => pathTo(routes.user, { id }),
  profile: routes.profile,
  publicUser: (id: string) => pathTo(routes.publicUser, { id }),
  block: (id: string, flag: 0 | 1) => pathTo(routes.block, { id, flag: String(flag) }),
  follow: (userId: string) => `${routes.follow}?userId=${encodeURIComponent(userId)}`,
  unfollow: (userId: string) => pathTo(routes.unfollow, { id: userId }),
  account: routes.account,
  manifest: routes.manifest,
  usage: routes.usage,
  subscription: routes.subscription,
  subscriptionCheckout: routes.subscriptionCheckout,
  subscriptionPortal: routes.subscriptionPortal,
  stripeWebhook: routes.stripeWebhook,
  eventSearch: routes.eventSearch,
  /** One tile of events (see EventTileQuerySchema for the query). */
  eventTile: (z: number, x: number, y: number, query?: TileQuery) => pathTo(routes.eventTiles, { z: String(z), x: String(x), y: String(y) }) + tileQueryString(query),
  /** The URL template of the event tiles, `{z}/{x}/{y}` left for MapLibre to fill in (prefix the origin: MapLibre wants absolute URLs). */
  eventTiles: (query?: TileQuery) => routes.eventTiles.replace(/:([xyz])/g, '{$1}') + tileQueryString(query),
  event: (id: string) => pathTo(routes.event, { id }),
  eventCreate: routes.eventCreate,
  eventUpdate: routes.eventUpdate,
  eventMine: routes.eventMine,
  eventFollowing: routes.eventFollowing,
  eventThumbnail: (id: string) => pathTo(routes.eventThumbnail, { id }),
  eventExport: (id: string) => pathTo(routes.eventExport, { id }),
  eventLinkSearch: routes.eventLinkSearch,
  eventLink: routes.eventLink,
  eventLinkDelete: (id: string) => pathTo(routes.eventLinkDelete, { id }),
  tagCategories: routes.tagCategories,
  tagSearch: routes.tagSearch,
  eventTag: routes.eventTag,
  eventTagDelete: (eventId: string, tagId: string) => pathTo(routes.eventTagDelete, { eventId, tagId }),
  cities: routes.cities,
  citiesNearby: routes.citiesNearby,
  areaCities: routes.areaCities,
  mapStyle: '/map/style.json',
} as const;

export const flyerPaths = {
  flyerCreate: routes.flyerCreate,
  flyerUpdate: routes.flyerUpdate,
  flyer: (id: string) => pathTo(routes.flyer, { id }),
  flyerImage: (id: string) => pathTo(routes.flyerImage, { id }),
  eventFlyers: (eventId: string) => pathTo(routes.eventFlyers, { eventId }),
} as const;

export const launchPaths = {
  launch: routes.launch,
  eventTimelines: (eventId: string) => pathTo(routes.eventTimelines, { eventId }),
  cancelLaunch: (id: string) => pathTo(routes.cancelLaunch, { id }),
} as const;

export const documentPaths = {
  search: routes.documentSearch,
  document: (id: string) => pathTo(routes.document, { id }),
  create: routes.documentCreate,
  update: routes.documentUpdate,
  revisions: (id: string) => pathTo(routes.documentRevisions, { id }),
  revision: (id: string, version: number) => pathTo(routes.documentRevision, { id, version: String(version) }),
  restore: (id: string, version: number) => pathTo(routes.documentRestore, { id, version: String(version) }),
  eventDocuments: (eventId: string) => pathTo(routes.eventDocuments, { eventId }),
  images: (id: string) => pathTo(routes.documentImages, { id }),
  export: (id: string) => pathTo(routes.documentExport, { id }),
};

export const calendarPaths = {
  calendars: routes.calendars,
  update: routes.calendarUpdate,
  calendar: (id: string) => pathTo(routes.calendar, { id }),
  token: (id: string) => pathTo(routes.calendarToken, { id }),
  feed: (token: string) => `/feeds/${encodeURIComponent(token)}.ics`,
  eventIcs: (id: string) => pathTo(routes.eventIcs, { id }),
  notificationSettings: routes.notificationSettings,
  pushKey: routes.pushKey,
  pushSubscriptions: routes.pushSubscriptions,
  unsubscribe: (token: string) => pathTo(routes.unsubscribe, { token }),
};

export const moderationPaths = {
  report: routes.report,
  adminReports: routes.adminReports,
  dismiss: (targetType: string, targetId: string) => pathTo(routes.adminReportDismiss, { targetType, targetId }),
  audit: routes.adminAudit,
  overview: routes.adminOverview,
  event: (id: string) => pathTo(routes.adminEvent, { id }),
  hide: (id: string) => pathTo(routes.adminEventHide, { id }),
  unhide: (id: string) => pathTo(routes.adminEventUnhide, { id }),
  cancel: (id: string) => pathTo(routes.adminEventCancel, { id }),
  stop: (id: string) => pathTo(routes.adminEventStop, { id }),
  people: routes.adminPeople,
  person: (id: string) => pathTo(routes.adminPerson, { id }),
  suspend: (id: string) => pathTo(routes.adminPersonSuspend, { id }),
  lift: (id: string) => pathTo(routes.adminPersonLift, { id }),
  role: (id: string) => pathTo(routes.adminPersonRole, { id }),
  plan: (id: string) => pathTo(routes.adminPersonPlan, { id }),
  deletePerson: (id: string) => pathTo(routes.adminPersonDelete, { id }),
  live: routes.adminLive,
  accountExport: routes.accountExport,
  accountDelete: routes.accountDelete,
};
