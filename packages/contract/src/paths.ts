/** API paths of spec 7, shared by the server's routes and the web app's fetchers. */
export const PRESENCE = '/presence/api/v1';
export const ACCOUNT = '/account/api/v1';
export const PROJECT = '/project/api/v1';
export const ENGINE = '/engine/api/v1';

export const paths = {
  login: `${PRESENCE}/auth/login`,
  logout: `${PRESENCE}/auth/logout`,
  authUser: `${PRESENCE}/auth/user`,
  refresh: `${PRESENCE}/auth/refresh`,
  external: `${PRESENCE}/auth/external`,
  register: `${PRESENCE}/auth/register`,
  verify: (tokenOrCode: string) => `${PRESENCE}/auth/verify/${encodeURIComponent(tokenOrCode)}`,
  forgot: `${PRESENCE}/auth/password/forgot`,
  reset: (code: string) => `${PRESENCE}/auth/password/reset/${encodeURIComponent(code)}`,
  userSearch: `${PRESENCE}/user/search/`,
  userSummary: `${PRESENCE}/user/summary/`,
  user: (id: string) => `${PRESENCE}/user/${encodeURIComponent(id)}`,
  profile: `${PRESENCE}/user/profile/`,
  publicUser: (id: string) => `${PRESENCE}/user/public/${encodeURIComponent(id)}`,
  block: (id: string, flag: 0 | 1) => `${PRESENCE}/user/block/${encodeURIComponent(id)}/${flag}`,
  follow: (userId: string) => `${PRESENCE}/user/link/?userId=${encodeURIComponent(userId)}`,
  unfollow: (userId: string) => `${PRESENCE}/user/link/${encodeURIComponent(userId)}`,
  account: `${ACCOUNT}/account/`,
  manifest: `${ACCOUNT}/manifest/`,
  usage: `${ENGINE}/manifest/usage`,
} as const;
