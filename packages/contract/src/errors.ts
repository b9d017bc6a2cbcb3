import { z } from 'zod';

/**
 * The stable, machine-readable reason of every Problem answer. Clients decide on
 * `code`, never on the HTTP status alone: several codes share a status (a 403 is
 * a plan limit, an unverified email or someone else's event), and titles and
 * details are for people and may be reworded.
 */
export const ProblemCodes = {
  // 400
  validation: 'The request does not match its schema; `errors` maps each field to its messages.',
  malformed_request: 'The request could not be read: broken JSON or multipart, NUL characters, a wrong Content-Length, a missing file field.',
  tenant_missing: 'The X-Tenant header (or the hub\'s `tenant` query parameter) is missing.',
  tenant_unknown: 'No tenant has this key on this server.',
  code_invalid: 'A verification or password-reset code or token is not valid, was already used or has expired.',
  image_invalid: 'An upload is not a JPEG, PNG, WebP or GIF image, or it could not be read.',
  external_provider_unconfigured: 'Sign-in with this provider (Google or Windows) is not configured on this server; the detail names it.',
  external_state_invalid: 'The external sign-in answer does not belong to a sign-in this browser started (unknown, used or expired `state`, another browser or tenant); start again.',
  external_code_invalid: 'The provider refused the authorization code (used already, expired, or not issued to this attempt).',
  external_token_invalid: "The provider's ID token failed a check (signature, issuer, audience, expiry, nonce or tenant).",
  webhook_signature_invalid: "A billing webhook's signature does not match its body (or is too old); nothing was changed.",
  signature_invalid: 'An ActivityPub activity is unsigned, badly signed, dated outside the accepted window, or signed by a key its actor does not own; nothing was changed.',
  product_unavailable: 'This plan or add-on cannot be bought online here: billing is on but no Stripe price is set for it, or it does not exist.',
  external_email_missing: 'The provider gave no email address, and a new account needs one.',
  external_email_unverified: 'The provider does not vouch for the email it gave, so no account is made with it: register with the email and a password (and verify it), then connect the provider in Settings.',
  // 401
  unauthenticated: 'No bearer token was sent, or it is malformed, expired, or for another tenant.',
  session_ended: 'The session of this token was logged out or replaced; log in again.',
  invalid_credentials: 'The email or the password is not correct.',
  refresh_invalid: 'The refresh token is not valid.',
  token_reused: 'A refresh token was used twice: its whole session family was ended for safety.',
  // 403
  email_unverified: 'The account exists but its email address is not verified yet; a new code was sent.',
  not_owner: 'Only the owner of this resource (the host of the event, the author of the link) may do this.',
  plan_limit: 'The plan\'s capacity (events, flyers per event) is reached; the detail names the plan and the limit.',
  blocked: 'This person has blocked you.',
  account_suspended: 'The account is suspended by the site\'s moderators; it cannot sign in or refresh a session (the detail says why).',
  admin_required: 'This needs the Admin role, checked against the account as it is now (not only the token).',
  add_on_required: 'This needs an add-on the account does not have (the detail names it, e.g. Download.HTML, and how to get it).',
  event_hidden: "The site's moderators hid this event (or it is hidden while its host is suspended): its host cannot start, change or sound its live session or launch flyers until it is shown again. On the hub the error message reads `HubException: event_hidden: …`.",
  // 404
  not_found: 'Nothing with this id (or at this address) is visible to you.',
  // 409
  session_not_live: "The event's live session is not on (Go live first): the host's message to the room (the hub's UpdateEventSession with state Updated) is refused. On the hub the error message reads `HubException: session_not_live: …`.",
  email_taken: 'An account with this email already exists in this tenant.',
  external_link_required: 'An account with this email exists, and the provider does not vouch for the email: sign in with the password and connect the provider in Settings.',
  external_identity_taken: 'This provider account is already connected to another Hubbub account, or this account is connected to another one of that provider.',
  last_sign_in_method: 'The connected account is the only way to sign in to this account (it has no password): set a password first.',
  billing_unavailable: "Plans cannot be bought online on this server (no Stripe configured): the site's operator assigns them.",
  version_conflict: 'The document changed since the version this update names (another tab or device saved it); `currentVersion` is the version now stored.',
  last_admin: 'This would leave the site with no administrator, or remove your own Admin role: another admin must do it.',
  event_full: "Every seat of the event is taken, so an Attendee link cannot be made: saying Going (the event's going call) joins its waitlist instead.",
  approval_required: "The host approves each request for this event, so an Attendee link cannot be made: say Going (the event's going call) to ask.",
  no_seat_offered: 'There is no seat offered to you to confirm: the offer lapsed and passed to the next in line, was given back, or you already hold the seat.',
  conflict: 'The request conflicts with the current state (already canceled, already open, blocked by you, a slug clash).',
  // 413, 415
  payload_too_large: 'The request body or the uploaded file is larger than the server accepts.',
  unsupported_media_type: 'The body is not sent in the content type this call takes.',
  // 429
  rate_limited: 'Too many attempts; Retry-After says how many seconds to wait.',
  // 502
  external_provider_failed: 'The external provider could not be reached or refused this server (its client settings); try again later.',
  billing_failed: 'Stripe could not be reached or refused the request; nothing was changed. Try again later.',
  // 503
  not_ready: 'This instance is not ready to serve (shutting down, or its database or Redis cannot be reached); a load balancer sends the request elsewhere (GET /readyz).',
  // 500
  internal: 'The server failed; the failure was logged. Nothing a client sends should cause it.',
} as const;

export type ProblemCode = keyof typeof ProblemCodes;
export const PROBLEM_CODES = Object.keys(ProblemCodes) as [ProblemCode, ...ProblemCode[]];
export const ProblemCodeSchema = z.enum(PROBLEM_CODES).meta({
  id: 'ProblemCode',
  description: Object.entries(ProblemCodes)
    .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
    .join('\n'),
});

/** Every 4xx/5xx answer of the API has this shape (RFC 9457 in spirit). */
export const ProblemSchema = z
  .object({
    status: z.number().int(),
    code: ProblemCodeSchema,
    title: z.string(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** On `version_conflict` only: the version now stored. */
    currentVersion: z.number().int().optional(),
    /** On a 500 only: the id under which the failure is in the server's log. */
    correlationId: z.string().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;
