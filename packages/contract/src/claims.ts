/** Claim names the spec's clients read from the jwt payload. */
export const CLAIM_NAME_IDENTIFIER = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier';
export const CLAIM_ROLE = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
export const CLAIM_FEATURE = 'Feature';

export const ROLE_ADMIN = 'Admin';

export const PLAN_FEATURES = {
  Basic: 'SubscriptionLevel.Basic',
  Pro: 'SubscriptionLevel.Pro',
  Enterprise: 'SubscriptionLevel.Enterprise',
} as const;

export type Plan = 'Free' | keyof typeof PLAN_FEATURES;
export const PLANS: Plan[] = ['Free', 'Basic', 'Pro', 'Enterprise'];

export interface TokenClaims {
  [CLAIM_NAME_IDENTIFIER]?: string;
  [CLAIM_ROLE]?: string | string[];
  [CLAIM_FEATURE]?: string;
  name?: string;
  email?: string;
  exp?: number;
  iat?: number;
  [key: string]: unknown;
}

/** Roles from the standard role claim, which may be one string or a list. */
export function rolesFromClaims(claims: TokenClaims): string[] {
  const role = claims[CLAIM_ROLE];
  if (Array.isArray(role)) return role.filter((r): r is string => typeof r === 'string');
  return typeof role === 'string' && role ? [role] : [];
}

/** A role check passes only if every required role is present. */
export function hasAllRoles(claims: TokenClaims, required: string[]): boolean {
  const roles = new Set(rolesFromClaims(claims));
  return required.every((r) => roles.has(r));
}

export function featuresFromClaims(claims: TokenClaims): string[] {
  const feature = claims[CLAIM_FEATURE];
  return typeof feature === 'string' ? feature.split(';').map((f) => f.trim()).filter(Boolean) : [];
}

/** The highest subscription level named in the Feature claim; Free when none. */
export function planFromClaims(claims: TokenClaims): Plan {
  const features = new Set(featuresFromClaims(claims));
  if (features.has(PLAN_FEATURES.Enterprise)) return 'Enterprise';
  if (features.has(PLAN_FEATURES.Pro)) return 'Pro';
  if (features.has(PLAN_FEATURES.Basic)) return 'Basic';
  return 'Free';
}

/** Feature values other than the subscription level, e.g. Download.HTML. */
export function addOnsFromClaims(claims: TokenClaims): string[] {
  const levels = new Set<string>(Object.values(PLAN_FEATURES));
  return featuresFromClaims(claims).filter((f) => !levels.has(f));
}
