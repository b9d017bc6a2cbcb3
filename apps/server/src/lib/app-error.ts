import type { ProblemCode } from '@hubbub/contract';

/** A failure the caller can act on; the error plugin turns it into a Problem answer with its code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Extension members of the Problem (RFC 9457), e.g. currentVersion on version_conflict. */
    readonly extensions?: { currentVersion?: number },
  ) {
    super(detail ?? title);
    this.name = 'AppError';
  }
}

// Every error is built through one of these, so each status carries its stable code.

/** The input breaks a rule the schema cannot express (the tag limit, a date in the past). */
export const invalid = (detail: string, errors?: Record<string, string[]>) => new AppError(400, 'validation', 'Validation failed', detail, errors);
/** The request could not be read at all (broken JSON or multipart, NUL characters, no file field). */
export const malformed = (detail: string) => new AppError(400, 'malformed_request', 'Bad request', detail);
export const tenantMissing = (detail: string) => new AppError(400, 'tenant_missing', 'Missing tenant', detail);
export const tenantUnknown = (key: string) =>
  new AppError(400, 'tenant_unknown', 'Unknown tenant', `The tenant "${key.slice(0, 40)}" does not exist on this server.`);
export const codeInvalid = (detail: string) => new AppError(400, 'code_invalid', 'Invalid code', detail);
export const imageInvalid = (title: string, detail: string) => new AppError(400, 'image_invalid', title, detail);
export const providerUnconfigured = (detail: string) => new AppError(400, 'external_provider_unconfigured', 'Sign-in provider not configured', detail);
/** An external sign-in was refused: its state, code or ID token, or an answer without an email (or with one the provider does not vouch for). */
export const externalRefused = (
  code: Extract<ProblemCode, 'external_state_invalid' | 'external_code_invalid' | 'external_token_invalid' | 'external_email_missing' | 'external_email_unverified'>,
  detail: string,
) => new AppError(400, code, 'External sign-in refused', detail);

/** An ActivityPub activity whose HTTP signature (or proof) does not hold: unsigned, altered, too old, or signed by another actor's key. */
export const signatureInvalid = (detail: string) => new AppError(401, 'signature_invalid', 'Signature not valid', detail);

export const unauthorized = (detail: string, code: Extract<ProblemCode, 'unauthenticated' | 'session_ended' | 'invalid_credentials' | 'refresh_invalid' | 'token_reused'> = 'unauthenticated') =>
  new AppError(401, code, 'Unauthorized', detail, undefined, { 'WWW-Authenticate': 'Bearer' });

export const emailUnverified = (detail: string) => new AppError(403, 'email_unverified', 'Email not verified', detail);
export const notOwner = (detail: string) => new AppError(403, 'not_owner', 'Forbidden', detail);
export const planLimit = (title: string, detail: string) => new AppError(403, 'plan_limit', title, detail);
export const addOnRequired = (detail: string) => new AppError(403, 'add_on_required', 'Add-on required', detail);
export const adminRequired = (detail: string) => new AppError(403, 'admin_required', 'Administrators only', detail);
export const accountSuspended = (detail: string) => new AppError(403, 'account_suspended', 'Account suspended', detail);
export const lastAdmin = (detail: string) => new AppError(409, 'last_admin', 'Conflict', detail);
export const blocked = (detail: string) => new AppError(403, 'blocked', 'Forbidden', detail);
/** The moderators hid the event (or its host is suspended): its live session and launches stay off. */
export const eventHidden = (detail: string) => new AppError(403, 'event_hidden', 'Event hidden', detail);

export const notFound = (detail: string) => new AppError(404, 'not_found', 'Not found', detail);

export const emailTaken = (detail: string, errors?: Record<string, string[]>) => new AppError(409, 'email_taken', 'Conflict', detail, errors);
export const versionConflict = (detail: string, currentVersion: number) =>
  new AppError(409, 'version_conflict', 'Changed elsewhere', detail, undefined, undefined, { currentVersion });
export const noSeatOffered = (detail: string) => new AppError(409, 'no_seat_offered', 'No seat offered', detail);
export const conflict = (detail: string, errors?: Record<string, string[]>) => new AppError(409, 'conflict', 'Conflict', detail, errors);
export const externalConflict = (code: Extract<ProblemCode, 'external_link_required' | 'external_identity_taken' | 'last_sign_in_method'>, detail: string) =>
  new AppError(409, code, 'Conflict', detail);

export const rateLimited = (detail: string, retryAfterS: number) =>
  new AppError(429, 'rate_limited', 'Too many requests', detail, undefined, { 'Retry-After': String(retryAfterS) });

/** The external provider could not be reached, or refused this server's client settings. */
export const providerFailed = (detail: string) => new AppError(502, 'external_provider_failed', 'Sign-in provider unavailable', detail);
export const unsupportedMediaType = (detail: string) => new AppError(415, 'unsupported_media_type', 'Unsupported media type', detail);
