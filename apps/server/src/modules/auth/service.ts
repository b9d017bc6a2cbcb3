import type { IncomingHttpHeaders } from 'node:http';
import { PLAN_FEATURES, ROLE_ADMIN, type AuthUser, type ProblemCode, type LoginResult, type Registration, type RegistrationResult, type VerifyResult } from '@hubbub/contract';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client.js';
import { accountSuspended, codeInvalid, emailTaken, emailUnverified, unauthorized } from '../../lib/app-error.js';
import { resolveTenant } from '../../lib/tenants.js';
import { InvalidTokenError } from '../../lib/jwt.js';
import { createBatchedRead, type BatchedRead } from '../hub/index.js';
import { CODE_LENGTH, hashSecret, normaliseCode, randomCode, randomToken } from '../../lib/secrets.js';
import { resetEmail, verificationEmail } from './emails.js';
import { limited, type AuthLimitName } from './limits.js';
import * as repo from './repository.js';

type Budget = [AuthLimitName, string];
import * as users from '../users/service.js';
import type { UserRow } from '../users/service.js';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const REFRESH_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * How long a refresh token that was just replaced still answers, with the same new pair (as Auth0
 * and Okta do). A page reloaded, or a button tapped twice, while the refresh answer was on its way
 * posts the replaced token again: without this window the reuse detection would end the session of
 * someone who did nothing wrong (issue 22). Short, so a stolen copy used later still ends the family.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
const SECRET_INSERT_ATTEMPTS = 5;

/** What the configured-admin rule reads of an account: a users row, or a row of the admin listings. */
export type AdminFacts = Pick<UserRow, 'tenantId' | 'email' | 'emailVerifiedAt'>;

/**
 * The one rule for "Admin by configuration" (every role check and the admin console ask it):
 * the account holds ADMIN_EMAIL, has proven it (a code sent to it, or a provider that vouches
 * for it), and lives in a tenant ADMIN_TENANT names (unset: the first of TENANTS). Anyone can
 * type an address into a sign-up form or a provider profile, in any tenant; only the proven
 * one in the operator's tenant speaks for the operator.
 */
export function isConfiguredAdmin(ctx: Pick<AppContext, 'config' | 'tenants'>, account: AdminFacts): boolean {
  const { ADMIN_EMAIL, ADMIN_TENANT, TENANTS } = ctx.config;
  if (!ADMIN_EMAIL || account.email !== ADMIN_EMAIL || !account.emailVerifiedAt) return false;
  return (ADMIN_TENANT ?? TENANTS.slice(0, 1)).some((key) => ctx.tenants.get(key) === account.tenantId);
}

export function rolesOf(ctx: AppContext, user: AdminFacts & Pick<UserRow, 'roles'>): string[] {
  const roles = new Set(user.roles);
  if (isConfiguredAdmin(ctx, user)) roles.add(ROLE_ADMIN);
  return [...roles];
}

export function featuresOf(user: Pick<UserRow, 'plan' | 'addOns'>): string[] {
  const level = PLAN_FEATURES[user.plan as keyof typeof PLAN_FEATURES];
  return [...(level ? [level] : []), ...user.addOns];
}

export function toAuthUser(ctx: AppContext, user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    roles: rolesOf(ctx, user),
    plan: (user.plan as AuthUser['plan']) ?? 'Free',
    features: featuresOf(user),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Creates a link token and a typed code; a code clash with a live one is retried. */
async function issueSecret(ctx: AppContext, user: UserRow, purpose: repo.SecretPurpose, ttlMs: number) {
  const now = ctx.now();
  await repo.retireSecrets(ctx.db, user.id, purpose, now);
  for (let attempt = 1; ; attempt++) {
    const token = randomToken();
    const code = randomCode();
    try {
      const id = await repo.insertSecret(ctx.db, {
        tenantId: user.tenantId,
        userId: user.id,
        purpose,
        tokenHash: hashSecret(token),
        codeHash: hashSecret(code),
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      return { id, token, code };
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION || attempt >= SECRET_INSERT_ATTEMPTS) throw error;
    }
  }
}

/** Mails a new verification link and code; answers the id of that secret (see signInKeyFor). */
async function sendVerification(ctx: AppContext, user: UserRow): Promise<string> {
  const { id, token, code } = await issueSecret(ctx, user, 'verify', VERIFY_TTL_MS);
  await ctx.mailer.send(verificationEmail({ to: user.email, name: user.name, token, code, publicUrl: ctx.config.publicUrl }));
  return id;
}

/**
 * Verifying in the browser that registered signs the person in (as Luma and Meetup do). The
 * registration answers this key to that browser only; the verification then brings it with the
 * emailed token or code. It is a keyed digest of the tenant, the account and the one verification
 * secret that was mailed, so nothing is stored: it is worthless without that email, dies with that
 * secret (used, expired, or replaced by a newer email) and fits no other account.
 */
function signInKeyFor(ctx: AppContext, tenantId: string, userId: string, secretId: string): string {
  return ctx.signInKeys.digest('verify', tenantId, userId, secretId);
}

/** Who asks, for the budgets: the caller's address (behind a proxy, the forwarded one). */
type Caller = { ip: string };

export async function register(opts: { ctx: AppContext; tenant: TenantRef; input: Registration } & Caller): Promise<RegistrationResult> {
  const { ctx, tenant, input } = opts;
  const budgets = { attempts: [['registerIp', opts.ip], ['registerEmail', `${tenant.id}:${input.email}`]] as Budget[], failureCodes: [] };
  return limited(ctx.throttle, budgets, () => registerAccount(ctx, tenant, input));
}

async function registerAccount(ctx: AppContext, tenant: TenantRef, input: Registration): Promise<RegistrationResult> {
  if (await users.findUserByEmail(ctx.db, tenant.id, input.email)) {
    throw emailTaken('An account with this email already exists. Log in, or reset your password.', {
      email: ['This email is already registered.'],
    });
  }
  const passwordHash = await ctx.passwords.hash(input.password);
  let user: UserRow;
  try {
    user = await users.insertUser(ctx.db, { tenantId: tenant.id, email: input.email, name: input.name, passwordHash, plan: ctx.config.DEFAULT_PLAN });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw emailTaken('An account with this email already exists. Log in, or reset your password.', {
        email: ['This email is already registered.'],
      });
    }
    throw error;
  }
  const secretId = await sendVerification(ctx, user);
  return { id: user.id, email: user.email, name: user.name, verificationRequired: true, signInKey: signInKeyFor(ctx, tenant.id, user.id, secretId) };
}

function secretHash(input: string): string {
  const code = normaliseCode(input);
  // A typed code is short; anything longer is the token from the emailed link.
  return code.length === CODE_LENGTH ? hashSecret(code) : hashSecret(input.trim());
}

type VerifyInput = { ctx: AppContext; tenant: TenantRef; tokenOrCode: string; signInKey?: string };

export async function verify(opts: VerifyInput & Caller): Promise<VerifyResult> {
  const budgets = { attempts: [['verifyIp', opts.ip]] as Budget[], failures: [['verifyIpFailures', opts.ip]] as Budget[], failureCodes: ['code_invalid' as const] };
  return limited(opts.ctx.throttle, budgets, () => verifySecret(opts));
}

async function verifySecret(opts: VerifyInput): Promise<VerifyResult> {
  const { ctx, tenant } = opts;
  const claimed = await repo.consumeSecret(ctx.db, { tenantId: tenant.id, purpose: 'verify', hash: secretHash(opts.tokenOrCode), at: ctx.now() });
  if (!claimed) {
    throw codeInvalid('This verification code is not valid, was already used or has expired. Log in to get a new one by email.');
  }
  await users.markEmailVerified(ctx.db, claimed.userId, ctx.now());
  const user = await users.findUserById(ctx.db, tenant.id, claimed.userId);
  if (!user) return { verified: true, email: '' };
  // Another browser (no key, or a key for something else) is verified all the same, and signs in as usual.
  const sameBrowser = Boolean(opts.signInKey) && ctx.signInKeys.matches(opts.signInKey!, 'verify', tenant.id, user.id, claimed.id);
  if (!sameBrowser || user.suspendedAt) return { verified: true, email: user.email };
  return { verified: true, email: user.email, session: await issueTokens(ctx, user, tenant) };
}

/** Starts a session for someone another module has signed in (an external provider); its id keeps what belongs to the session. */
export async function openSession(ctx: AppContext, user: UserRow, tenant: TenantRef): Promise<{ tokens: LoginResult; sessionId: string }> {
  refuseSuspended(user);
  const sessionId = await repo.insertSession(ctx.db, { tenantId: tenant.id, userId: user.id });
  return { tokens: await issueTokens(ctx, user, tenant, sessionId), sessionId };
}

/** Ends every session of a person, in the caller's transaction; tell ctx.realtime.sessionsEnded once it is committed. */
export async function revokeUserSessions(db: Db, userId: string, reason: string, at: Date): Promise<void> {
  await repo.revokeUserSessions(db, userId, reason, at);
}

/** A suspended account gets no session and no new token, however it signs in. */
function refuseSuspended(user: UserRow): void {
  if (user.suspendedAt) throw accountSuspended(`This account is suspended by the site's moderators: ${user.suspendedReason ?? 'no reason given'}.`);
}

async function issueTokens(ctx: AppContext, user: UserRow, tenant: TenantRef, sessionId?: string): Promise<LoginResult> {
  refuseSuspended(user);
  const sid = sessionId ?? (await repo.insertSession(ctx.db, { tenantId: tenant.id, userId: user.id }));
  const refreshToken = randomToken();
  await repo.insertRefreshToken(ctx.db, {
    sessionId: sid,
    tokenHash: hashSecret(refreshToken),
    expiresAt: new Date(ctx.now().getTime() + REFRESH_TTL_MS),
  });
  return { jwt: await signAccess(ctx, user, tenant, sid), refreshToken, rememberMe: true };
}

function signAccess(ctx: AppContext, user: UserRow, tenant: TenantRef, sessionId: string): Promise<string> {
  return ctx.jwt.sign({
    userId: user.id,
    name: user.name,
    email: user.email,
    roles: rolesOf(ctx, user),
    features: featuresOf(user),
    tenant: tenant.key,
    sessionId,
  });
}

/**
 * The failure budgets every password check counts against, wherever it is asked (sign-in,
 * confirming the deletion of the account): wrong passwords per account and per address. One
 * budget for all of them, so a stolen access token guesses no faster than the sign-in form.
 */
function passwordBudgets(tenant: TenantRef, email: string, ip: string) {
  const account: Budget = ['loginAccountFailures', `${tenant.id}:${email}`];
  return { account, failures: [account, ['loginIpFailures', ip]] as Budget[], failureCodes: ['invalid_credentials' as const] };
}

export async function login(opts: { ctx: AppContext; tenant: TenantRef; email: string; password: string } & Caller): Promise<LoginResult> {
  const { account, ...password } = passwordBudgets(opts.tenant, opts.email, opts.ip);
  const budgets = { attempts: [['loginIp', opts.ip]] as Budget[], ...password, clearOnSuccess: [account] };
  return limited(opts.ctx.throttle, budgets, () => checkCredentials(opts));
}

/**
 * A signed-in person confirms an action with their password (modules/account-data: deleting
 * the account). Throws invalid_credentials when it is wrong, and rate_limited once the
 * account's or the address's budget of wrong passwords is used up, even for the right one.
 */
export async function confirmPassword(opts: { ctx: AppContext; tenant: TenantRef; user: { email: string; passwordHash: string }; password: string } & Caller): Promise<void> {
  const { user } = opts;
  const { account: _account, ...budgets } = passwordBudgets(opts.tenant, user.email, opts.ip);
  await limited(opts.ctx.throttle, budgets, async () => {
    if (!(await opts.ctx.passwords.verify(user.passwordHash, opts.password))) throw unauthorized('The password is not correct.', 'invalid_credentials');
  });
}

async function checkCredentials(opts: { ctx: AppContext; tenant: TenantRef; email: string; password: string }): Promise<LoginResult> {
  const { ctx, tenant } = opts;
  const user = await users.findUserByEmail(ctx.db, tenant.id, opts.email);
  // An account made by an external sign-in has no password until one is set through a reset.
  if (!user?.passwordHash) {
    await ctx.passwords.burnCheck(opts.password);
    throw unauthorized('The email or the password is not correct.', 'invalid_credentials');
  }
  if (!(await ctx.passwords.verify(user.passwordHash, opts.password))) throw unauthorized('The email or the password is not correct.', 'invalid_credentials');
  if (!user.emailVerifiedAt) {
    await sendVerification(ctx, user);
    throw emailUnverified('Verify your email address before you log in. We have just sent you a new verification code.');
  }
  return issueTokens(ctx, user, tenant);
}

export async function refresh(opts: { ctx: AppContext; tenant: TenantRef; refreshToken: string } & Caller): Promise<LoginResult> {
  const budgets = {
    attempts: [['refreshIp', opts.ip]] as Budget[],
    failures: [['refreshIpFailures', opts.ip]] as Budget[],
    failureCodes: ['refresh_invalid' as const, 'token_reused' as const],
  };
  return limited(opts.ctx.throttle, budgets, () => rotateRefreshToken(opts));
}

async function rotateRefreshToken(opts: { ctx: AppContext; tenant: TenantRef; refreshToken: string }): Promise<LoginResult> {
  const { ctx, tenant } = opts;
  const now = ctx.now();
  const hash = hashSecret(opts.refreshToken);
  let found = await repo.findRefreshToken(ctx.db, hash);
  const invalid = unauthorized('The refresh token is not valid. Log in again.', 'refresh_invalid');
  if (!found || found.tenantId !== tenant.id) throw invalid;
  if (found.sessionRevokedAt) {
    // A suspension revoked the session: say so, so the client can tell the person why.
    const owner = await users.findUserById(ctx.db, tenant.id, found.userId);
    if (owner) refuseSuspended(owner);
    throw invalid;
  }
  if (!found.usedAt && found.expiresAt <= now) throw invalid;
  const user = await users.findUserById(ctx.db, tenant.id, found.userId);
  if (!user) throw invalid;
  refuseSuspended(user);
  if (!found.usedAt) {
    const refreshToken = randomToken();
    const replaced = await repo.replaceRefreshToken(ctx.db, {
      id: found.id,
      sessionId: found.sessionId,
      at: now,
      successor: { tokenHash: hashSecret(refreshToken), expiresAt: new Date(now.getTime() + REFRESH_TTL_MS) },
      successorSealed: ctx.refreshSeal.seal(refreshToken),
    });
    if (replaced) return { jwt: await signAccess(ctx, user, tenant, found.sessionId), refreshToken, rememberMe: true };
    // A concurrent request with the same token replaced it a moment ago: answer as it did.
    found = (await repo.findRefreshToken(ctx.db, hash)) ?? found;
  }
  const successor = await graceSuccessor(ctx, found, now);
  if (successor) return { jwt: await signAccess(ctx, user, tenant, found.sessionId), refreshToken: successor, rememberMe: true };
  // A replaced token came back after its grace window, or behind a newer one: someone holds a copy. End the whole family.
  await repo.revokeSession(ctx.db, found.sessionId, 'refresh token reused', now);
  await ctx.realtime.sessionsEnded({ tenantId: tenant.id, sessionId: found.sessionId });
  throw unauthorized('This refresh token was already used, so the session has been ended for safety. Log in again.', 'token_reused');
}

/**
 * The token that replaced `found`, when `found` may still be answered with it: within the grace
 * window, and only while that successor is the session's live token (a token two rotations behind
 * is a copy, not a reload).
 */
async function graceSuccessor(ctx: AppContext, found: repo.RefreshTokenLookup, now: Date): Promise<string | undefined> {
  if (!found.usedAt || !found.successorSealed) return undefined;
  if (now.getTime() - found.usedAt.getTime() >= REFRESH_REUSE_GRACE_MS) return undefined;
  let successor: string;
  try {
    successor = ctx.refreshSeal.open(found.successorSealed);
  } catch {
    // Sealed under another secret (the JWT secret changed): nothing to answer with.
    return undefined;
  }
  const live = await repo.findRefreshToken(ctx.db, hashSecret(successor));
  if (!live || live.sessionId !== found.sessionId || live.usedAt || live.expiresAt <= now) return undefined;
  return successor;
}

/**
 * Runs an external sign-in step (modules/external-auth) within the account budgets: every
 * attempt counts per address, and refused answers count as failures.
 */
export function withExternalBudgets<T>(ctx: AppContext, ip: string, work: () => Promise<T>): Promise<T> {
  const budgets = {
    attempts: [['externalIp', ip]] as Budget[],
    failures: [['externalIpFailures', ip]] as Budget[],
    failureCodes: ['external_state_invalid', 'external_code_invalid', 'external_token_invalid'] satisfies ProblemCode[],
  };
  return limited(ctx.throttle, budgets, work);
}

/** Ends the session of this token (modules/external-auth serves the logout call and ends the provider's session too). */
export async function logout(opts: { ctx: AppContext; auth: AuthInfo }): Promise<void> {
  await repo.revokeSession(opts.ctx.db, opts.auth.sessionId, 'logout', opts.ctx.now());
  await opts.ctx.realtime.sessionsEnded({ tenantId: opts.auth.tenant.id, sessionId: opts.auth.sessionId });
}

export async function currentUser(opts: { ctx: AppContext; auth: AuthInfo }): Promise<AuthUser> {
  const user = await users.findUserById(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  if (!user) throw unauthorized('The account no longer exists.');
  return toAuthUser(opts.ctx, user);
}

export const FORGOT_MESSAGE = 'If an account exists for this email, we have sent it a link and a code to reset the password.';

export async function forgotPassword(opts: { ctx: AppContext; tenant: TenantRef; email: string; log: { error(o: object, m: string): void } } & Caller) {
  const { ctx, tenant } = opts;
  await ctx.throttle.hit('forgotIp', opts.ip);
  await ctx.throttle.hit('forgotEmail', `${tenant.id}:${opts.email}`);
  const user = await users.findUserByEmail(ctx.db, tenant.id, opts.email);
  if (user) {
    // Not awaited: the answer must take the same time whether or not the account exists.
    void (async () => {
      const { token, code } = await issueSecret(ctx, user, 'reset', RESET_TTL_MS);
      await ctx.mailer.send(resetEmail({ to: user.email, name: user.name, token, code, publicUrl: ctx.config.publicUrl }));
    })().catch((error) => opts.log.error({ err: error }, 'sending the reset email failed'));
  }
  return { message: FORGOT_MESSAGE };
}

export async function resetPassword(opts: { ctx: AppContext; tenant: TenantRef; code: string; password: string } & Caller) {
  const budgets = { attempts: [['resetIp', opts.ip]] as Budget[], failures: [['resetIpFailures', opts.ip]] as Budget[], failureCodes: ['code_invalid' as const] };
  return limited(opts.ctx.throttle, budgets, () => resetWithCode(opts));
}

async function resetWithCode(opts: { ctx: AppContext; tenant: TenantRef; code: string; password: string }) {
  const { ctx, tenant } = opts;
  const now = ctx.now();
  const claimed = await repo.consumeSecret(ctx.db, { tenantId: tenant.id, purpose: 'reset', hash: secretHash(opts.code), at: now });
  if (!claimed) throw codeInvalid('This reset code is not valid, was already used or has expired. Ask for a new one.');
  await users.setPasswordHash(ctx.db, claimed.userId, await ctx.passwords.hash(opts.password), now);
  // The emailed code proves the address, and old sessions may be the reason for the reset.
  await users.markEmailVerified(ctx.db, claimed.userId, now);
  await repo.revokeUserSessions(ctx.db, claimed.userId, 'password reset', now);
  await ctx.realtime.sessionsEnded({ tenantId: tenant.id, userId: claimed.userId });
  return { message: 'Your password has been changed. Log in with the new password.' };
}

/** The claims of a bearer token for this tenant: signature, expiry and tenant checked (not yet the session). */
async function verifiedClaims(ctx: AppContext, tenant: TenantRef, token: string) {
  let claims;
  try {
    claims = await ctx.jwt.verify(token);
  } catch (error) {
    throw unauthorized(error instanceof InvalidTokenError ? `${error.message} Log in again.` : 'The token is not valid.');
  }
  if (claims.tenant !== tenant.key) throw unauthorized('The token belongs to another tenant.');
  return claims;
}

const sessionEnded = () => unauthorized('The session has ended. Log in again.', 'session_ended');

/** Checks a bearer token for this tenant: signature, expiry, tenant, and that the session is still live. */
export async function authenticate(opts: { ctx: AppContext; tenant: TenantRef; token: string }): Promise<AuthInfo> {
  const { ctx, tenant } = opts;
  const claims = await verifiedClaims(ctx, tenant, opts.token);
  if (!(await repo.isSessionLive(ctx.db, { sessionId: claims.sessionId, userId: claims.userId, tenantId: tenant.id }))) throw sessionEnded();
  return { userId: claims.userId, sessionId: claims.sessionId, tenant, roles: claims.roles };
}

type SessionOf = { sessionId: string; userId: string };

/**
 * Liveness reads of the hub's connections, per database: a crowd connecting at once is checked
 * in one statement per tenant instead of one each (issue 31). Batched, not cached: every answer is
 * read after its connection asked, so a session revoked a moment before is refused as before.
 */
const liveSessionReads = new WeakMap<Db, BatchedRead<SessionOf, boolean>>();

function liveSessions(db: Db): BatchedRead<SessionOf, boolean> {
  let reads = liveSessionReads.get(db);
  if (!reads) {
    reads = createBatchedRead<SessionOf, boolean>({
      read: async (tenantId, asked) => {
        const live = await repo.liveSessionsAmong(db, { tenantId, sessionIds: asked.map((a) => a.sessionId) });
        const owners = new Map(live.map((row) => [row.id.toLowerCase(), row.userId.toLowerCase()]));
        // Live, and still the token's owner's (as isSessionLive checks).
        return asked.map((a) => owners.get(a.sessionId.toLowerCase()) === a.userId.toLowerCase());
      },
    });
    liveSessionReads.set(db, reads);
  }
  return reads;
}

/**
 * Who is calling the realtime hub: the tenant from the `tenant` query parameter (browsers
 * cannot set headers on a WebSocket), the JWT from a bearer header (Node client) or the
 * `access_token` query parameter (browsers). The same checks as authenticate, the session's
 * read shared with the connections arriving together.
 */
export async function authenticateRealtime(opts: { ctx: AppContext; url: string; headers: IncomingHttpHeaders }): Promise<AuthInfo> {
  const { ctx } = opts;
  const query = new URL(opts.url, 'http://hub.invalid').searchParams;
  const tenant = resolveTenant(ctx.tenants, query.get('tenant'), 'Add the tenant key as the "tenant" query parameter, for example "?tenant=hubbub".');
  const header = opts.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  const token = bearer ?? query.get('access_token') ?? undefined;
  if (!token) throw unauthorized('Log in first: the hub needs a bearer token or an access_token query parameter.');
  const claims = await verifiedClaims(ctx, tenant, token);
  if (!(await liveSessions(ctx.db).load(tenant.id, { sessionId: claims.sessionId, userId: claims.userId }))) throw sessionEnded();
  return { userId: claims.userId, sessionId: claims.sessionId, tenant, roles: claims.roles };
}

/** Throws session_ended when the session behind this identity was revoked since it was checked. */
export async function requireLiveSession(opts: { ctx: AppContext; auth: AuthInfo }): Promise<void> {
  const { ctx, auth } = opts;
  if (!(await repo.isSessionLive(ctx.db, { sessionId: auth.sessionId, userId: auth.userId, tenantId: auth.tenant.id }))) throw sessionEnded();
}
