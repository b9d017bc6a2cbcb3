/** The API bases of spec 7; every endpoint table builds its paths on these. */
export const PRESENCE = '/presence/api/v1';
export const ACCOUNT = '/account/api/v1';
export const PROJECT = '/project/api/v1';
export const ENGINE = '/engine/api/v1';
export const ADMIN = '/admin/api/v1';
/** The service documents of the API. */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';
