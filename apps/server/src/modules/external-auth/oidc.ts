import * as oauth from 'oauth4webapi';
import { decodeJwt } from 'jose';

// The relying party: OpenID Connect authorization code flow with PKCE, state and nonce, on
// oauth4webapi (the engine of openid-client). Every check of the answer is the library's:
// state, the code exchange, the ID token's iss, aud, exp, iat, nonce and azp, and its signature
// against the provider's JWKS. Nothing here reads a JWT as trusted by hand.

export type ProviderSlug = 'google' | 'microsoft';

export interface ProviderSettings {
  slug: ProviderSlug;
  /** GOOGLE_ISSUER (https://accounts.google.com) or MICROSOFT_ISSUER (https://login.microsoftonline.com/{MICROSOFT_TENANT}/v2.0). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/auth/callback/${slug}`, registered at the provider. */
  redirectUri: string;
}

export interface Provider {
  settings: ProviderSettings;
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  /** The discovered issuer is Microsoft's multi-tenant template (tenant common or organizations). */
  tenantTemplate: boolean;
  jwksCache: oauth.JWKSCacheInput;
  http: { [oauth.allowInsecureRequests]?: boolean };
}

const TIMEOUT_MS = 10_000;
const REVOKE_TIMEOUT_MS = 5_000;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEMPLATE = '{tenantid}';
/** Microsoft's tenant of personal accounts: the `consumers` endpoint names it as its issuer. */
const CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type OidcFailure = 'external_state_invalid' | 'external_code_invalid' | 'external_token_invalid' | 'external_provider_failed';

/** A refused or failed step; `message` is for the person, `cause` for the log only. */
export class OidcError extends Error {
  constructor(
    readonly code: OidcFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

/**
 * The issuer discovery must name. Microsoft's multi-tenant endpoints publish the template
 * https://login.microsoftonline.com/{tenantid}/v2.0 (and `consumers` its own tenant id), so
 * that is what is expected; the library still compares it exactly.
 */
export function expectedDiscoveryIssuer(settings: Pick<ProviderSettings, 'slug' | 'issuer'>): URL {
  const url = new URL(settings.issuer);
  if (settings.slug === 'microsoft') {
    url.pathname = url.pathname
      .replace(/^\/(common|organizations)\/v2\.0\/?$/i, `/${TEMPLATE}/v2.0`)
      .replace(/^\/consumers\/v2\.0\/?$/i, `/${CONSUMERS_TENANT}/v2.0`);
  }
  return url;
}

export async function discover(settings: ProviderSettings): Promise<Provider> {
  // Plain http only for a provider on this machine (tests, trying it by hand); config refuses others.
  const http = { [oauth.allowInsecureRequests]: LOOPBACK.has(new URL(settings.issuer).hostname) };
  try {
    const response = await oauth.discoveryRequest(new URL(settings.issuer), { algorithm: 'oidc', signal: AbortSignal.timeout(TIMEOUT_MS), ...http });
    const as = await oauth.processDiscoveryResponse(expectedDiscoveryIssuer(settings), response);
    if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri) throw new Error('the discovery document lacks an authorization, token or JWKS endpoint');
    return {
      settings,
      as,
      client: { client_id: settings.clientId, id_token_signed_response_alg: 'RS256' },
      clientAuth: oauth.ClientSecretPost(settings.clientSecret),
      tenantTemplate: as.issuer.includes(TEMPLATE),
      jwksCache: {},
      http,
    };
  } catch (error) {
    throw new OidcError('external_provider_failed', 'The sign-in provider could not be reached. Try again in a moment.', { cause: error });
  }
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationRequest(p: Provider): Promise<AuthorizationRequest> {
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const url = new URL(p.as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: p.settings.clientId,
    redirect_uri: p.settings.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    // Someone with several accounts at the provider chooses which one.
    prompt: 'select_account',
  }).toString();
  return { url, state, nonce, codeVerifier };
}

export interface VerifiedLogin {
  claims: oauth.IDToken;
  /** The issuer the ID token was validated against (Microsoft's template filled with the token's tid). */
  issuer: string;
  accessToken: string;
  refreshToken?: string;
  expiresIn?: number;
}

/** The callback: state again, the code exchange with PKCE, then the ID token and its signature. */
export async function exchange(
  p: Provider,
  callback: { code: string; state: string; iss?: string },
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedLogin> {
  const params = new URLSearchParams({ code: callback.code, state: callback.state });
  // RFC 9207: a provider that sends iss sends its own. A template matches no concrete iss, so for
  // Microsoft's common endpoint the ID token's iss and tid checks below decide.
  if (callback.iss && !p.tenantTemplate) params.set('iss', callback.iss);
  let validated: URLSearchParams;
  try {
    validated = oauth.validateAuthResponse(p.as, p.client, params, expected.state);
  } catch (error) {
    throw new OidcError('external_state_invalid', 'The sign-in answer does not belong to this sign-in attempt. Start again.', { cause: error });
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(p.as, p.client, p.clientAuth, validated, p.settings.redirectUri, expected.codeVerifier, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...p.http,
    });
    const as = p.tenantTemplate ? await tenantIssuer(p, response.clone()) : p.as;
    const result = await oauth.processAuthorizationCodeResponse(as, p.client, response, { expectedNonce: expected.nonce, requireIdToken: true });
    // The library skips the ID token's signature in the code flow unless asked (OIDC Core 3.1.3.7 #6 allows
    // trusting TLS): check it against the provider's published keys.
    await oauth.validateApplicationLevelSignature(as, response, { [oauth.jwksCache]: p.jwksCache, signal: AbortSignal.timeout(TIMEOUT_MS), ...p.http });
    return {
      claims: oauth.getValidatedIdTokenClaims(result)!,
      issuer: as.issuer,
      accessToken: result.access_token,
      refreshToken: result.refresh_token,
      expiresIn: result.expires_in,
    };
  } catch (error) {
    throw classify(error);
  }
}

/**
 * Microsoft's `common` recipe (panva/oauth4webapi#131): put the ID token's own tid into the
 * issuer template, then let the library compare iss exactly and verify the signature; a token
 * whose iss names another tenant than its tid fails there.
 */
async function tenantIssuer(p: Provider, response: Response): Promise<oauth.AuthorizationServer> {
  if (!response.ok) return p.as; // processAuthorizationCodeResponse reports the token endpoint's error
  let tid: unknown;
  try {
    const body = (await response.json()) as { id_token?: unknown };
    tid = typeof body.id_token === 'string' ? decodeJwt(body.id_token).tid : undefined;
  } catch {
    tid = undefined;
  }
  if (typeof tid !== 'string' || !GUID.test(tid)) throw new OidcError('external_token_invalid', 'The Microsoft ID token names no valid tenant.');
  return { ...p.as, issuer: p.as.issuer.replace(TEMPLATE, tid.toLowerCase()) };
}

function classify(error: unknown): OidcError {
  if (error instanceof OidcError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    // invalid_client: this server's client id or secret is wrong, not the person's doing.
    if (error.error === 'invalid_client' || error.status >= 500) {
      return new OidcError('external_provider_failed', 'The sign-in provider refused this server. Try again later.', { cause: error });
    }
    return new OidcError('external_code_invalid', 'The sign-in provider did not accept this sign-in (it may have been used already or expired). Start again.', { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError && (error.code === oauth.RESPONSE_IS_NOT_JSON || error.code === oauth.RESPONSE_IS_NOT_CONFORM)) {
    return new OidcError('external_provider_failed', 'The sign-in provider gave an answer this server cannot use. Try again later.', { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new OidcError('external_token_invalid', "The sign-in provider's answer failed a security check. Start again.", { cause: error });
  }
  return new OidcError('external_provider_failed', 'The sign-in provider could not be reached. Try again in a moment.', { cause: error });
}

/** RFC 7009. Google has a revocation endpoint, Microsoft none (then nothing is sent). Errors are the caller's to ignore. */
export async function revoke(p: Provider, token: string, hint: 'access_token' | 'refresh_token'): Promise<boolean> {
  if (!p.as.revocation_endpoint) return false;
  const response = await oauth.revocationRequest(p.as, p.client, p.clientAuth, token, {
    additionalParameters: { token_type_hint: hint },
    signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    ...p.http,
  });
  await oauth.processRevocationResponse(response);
  return true;
}

/** RP-initiated logout (Microsoft: /oauth2/v2.0/logout); undefined when the provider has none (Google). */
export function endSessionUrl(p: Provider, opts: { postLogoutRedirectUri: string; logoutHint?: string | null }): string | undefined {
  if (!p.as.end_session_endpoint) return undefined;
  const url = new URL(p.as.end_session_endpoint);
  url.searchParams.set('client_id', p.settings.clientId);
  url.searchParams.set('post_logout_redirect_uri', opts.postLogoutRedirectUri);
  if (opts.logoutHint) url.searchParams.set('logout_hint', opts.logoutHint);
  return url.href;
}

/** What the log may say of a failure: its kind and message, never a token or the claims. */
export function failureReason(error: unknown): string {
  const cause = error instanceof OidcError ? error.cause : error;
  if (cause instanceof oauth.ResponseBodyError) return `${cause.status} ${cause.error}${cause.error_description ? `: ${cause.error_description}` : ''}`;
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return error instanceof Error ? error.message : String(error);
}
