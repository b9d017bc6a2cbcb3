import { ACCOUNT, ADMIN, DOCS_PATH, ENGINE, OPENAPI_PATH, PRESENCE, PROJECT } from './api-prefixes.js';
import type { Endpoint } from './endpoint.js';
import { HUB_PATH } from './hub.js';
import { PUBLIC_EVENT_PREFIX } from './public-event.js';
import { ACTIVITYPUB_PREFIX, NODEINFO_PREFIX, NODEINFO_WELL_KNOWN_PATH, WEBFINGER_PATH, federationApi } from './federation.js';
import { accountDataApi } from './account-data.js';
import { accountApi } from './account.js';
import { attractionsApi } from './attractions.js';
import { authApi } from './auth.js';
import { calendarsApi } from './calendars.js';
import { checkInApi } from './check-in.js';
import { coHostsApi } from './co-hosts.js';
import { containerApi } from './container.js';
import { eventsApi } from './events.js';
import { eventDraftsApi } from './event-drafts.js';
import { externalAuthApi } from './external-auth.js';
import { flyersApi } from './flyers.js';
import { geoApi } from './geo.js';
import { goingApi } from './going.js';
import { CO_HOST_PAGE, INVITATION_PAGE } from './secret-pages.js';
import { homeApi } from './home.js';
import { launchesApi } from './launches.js';
import { eventLinksApi } from './links.js';
import { moderationApi } from './moderation.js';
import { notificationsApi } from './notifications.js';
import { projectDocumentApi } from './project-documents.js';
import { seriesApi } from './series.js';
import { subscriptionApi } from './subscription.js';
import { tagsApi } from './tags.js';
import { usersApi } from './user.js';

/** Every feature's endpoint table: what lists of paths (the web app's fallback, the dev proxy, log scrubbing) are made from. */
export const endpointTables = [
  authApi,
  externalAuthApi,
  usersApi,
  accountApi,
  subscriptionApi,
  accountDataApi,
  calendarsApi,
  notificationsApi,
  containerApi,
  eventsApi,
  eventDraftsApi,
  eventLinksApi,
  goingApi,
  seriesApi,
  coHostsApi,
  checkInApi,
  attractionsApi,
  tagsApi,
  geoApi,
  flyersApi,
  launchesApi,
  projectDocumentApi,
  moderationApi,
  federationApi,
  homeApi,
] as const;

export const allEndpoints: readonly Endpoint[] = endpointTables.flatMap((table) => Object.values(table) as Endpoint[]);

/** The fixed part of a path, up to its first parameter (`/feeds/` of `/feeds/:token.ics`). */
const staticPrefix = (path: string) => path.slice(0, path.lastIndexOf('/', path.indexOf(':') === -1 ? path.length : path.indexOf(':')) + 1);

const API_BASES = [PRESENCE, ACCOUNT, PROJECT, ENGINE, ADMIN].map((base) => `${base}/`);

/**
 * Where the server answers and the web app never does: the API bases, the hub, the API's documents,
 * and each call that lives outside the bases (calendar feeds, one-click unsubscribe), by its fixed
 * prefix. Whole prefixes: /account/profile is a page, /account/api/v1/… the API. GET / is both (the
 * container data asked for JSON, the web app otherwise) and is not an area. The public event pages
 * (/e/{slug}) are pages the server writes itself, so the web app must never answer them.
 */
export const SERVER_AREAS: readonly string[] = [
  ...API_BASES,
  `${HUB_PATH}/`,
  OPENAPI_PATH,
  DOCS_PATH,
  PUBLIC_EVENT_PREFIX,
  ACTIVITYPUB_PREFIX,
  NODEINFO_PREFIX,
  WEBFINGER_PATH,
  NODEINFO_WELL_KNOWN_PATH,
  ...new Set(
    allEndpoints
      .map((endpoint) => staticPrefix(endpoint.path))
      .filter((prefix) => prefix !== '/' && !API_BASES.some((base) => prefix.startsWith(base))),
  ),
];

/**
 * The fixed parts of the paths that carry a secret (a verification or reset code, a feed's or an
 * unsubscribe link's token, from entries marked `secretPath`): logs redact what follows them.
 */
export const SECRET_PATH_PREFIXES: readonly string[] = allEndpoints.filter((endpoint) => endpoint.secretPath).map((endpoint) => staticPrefix(endpoint.path));

/** Web pages whose last part is a link's secret (`:token`): logs redact it, as they do the paths above. */
export const SECRET_PAGES: readonly string[] = [INVITATION_PAGE, CO_HOST_PAGE];

/** `text` matched literally inside a RegExp (for patterns made from the paths above). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
