import { DEFAULT_RETURN_PATH, hasAllRoles, safeReturnPath } from '@hubbub/contract';
import type { SignedInUser } from '../../lib/session/claims';

export interface AccessRequirement {
  login?: boolean;
  /** Every listed role is required (spec 6). */
  roles?: string[];
}

export type AccessDecision = { kind: 'allow' } | { kind: 'login'; to: string } | { kind: 'forbidden' };

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

/** Route handle marking a group that needs a signed-in user. */
export interface RouteAccessHandle {
  access?: AccessRequirement;
}

export const DEFAULT_AFTER_LOGIN = DEFAULT_RETURN_PATH;

export function loginPathFor(location: LocationLike): string {
  const back = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `/login?redirect=${encodeURIComponent(back)}`;
}

export function decideAccess(
  user: SignedInUser | null,
  requirement: AccessRequirement,
  location: LocationLike,
): AccessDecision {
  const needsLogin = requirement.login || Boolean(requirement.roles?.length);
  if (!needsLogin) return { kind: 'allow' };
  if (!user?.jwt) return { kind: 'login', to: loginPathFor(location) };
  if (requirement.roles?.length && !hasAllRoles(user.claims, requirement.roles)) return { kind: 'forbidden' };
  return { kind: 'allow' };
}

/**
 * Where to go after signing in. Only same-site paths are honoured so a crafted
 * link cannot bounce a fresh session to another site.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  // The server applies the same rule to an external sign-in's return address.
  return safeReturnPath(raw);
}

/** True when any matched route asks for login: used when a session ends under the user. */
export function matchesRequireLogin(matches: ReadonlyArray<{ route: { handle?: unknown } }>): boolean {
  return matches.some((m) => {
    const access = (m.route.handle as RouteAccessHandle | undefined)?.access;
    return Boolean(access?.login || access?.roles?.length);
  });
}
