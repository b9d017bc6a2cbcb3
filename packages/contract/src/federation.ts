// ActivityPub (issue 32, FEDERATION.md): the addresses other servers use. With FEDERATION off,
// none of them answers (a 404 Problem, like any unknown server address).

/** WebFinger (RFC 7033): `acct:hubbub@host` → the server's actor. */
export const WEBFINGER_PATH = '/.well-known/webfinger';
/** NodeInfo's discovery document, linking to its 2.1 document under NODEINFO_PREFIX. */
export const NODEINFO_WELL_KNOWN_PATH = '/.well-known/nodeinfo';
export const NODEINFO_PREFIX = '/nodeinfo/';
/** Actors, their inboxes and collections, the shared inbox and the events as objects. */
export const ACTIVITYPUB_PREFIX = '/ap/';
/** The largest activity an inbox takes (bytes): a Create of an event with a long description fits many times. */
export const FEDERATION_BODY_LIMIT = 256 * 1024;
