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
  // 404
  not_found: 'Nothing with this id (or at this address) is visible to you.',
  // 409
  email_taken: 'An account with this email already exists in this tenant.',
  conflict: 'The request conflicts with the current state (already canceled, already open, blocked by you, a slug clash).',
  // 413, 415
  payload_too_large: 'The request body or the uploaded file is larger than the server accepts.',
  unsupported_media_type: 'The body is not sent in the content type this call takes.',
  // 429
  rate_limited: 'Too many attempts; Retry-After says how many seconds to wait.',
  // 501
  not_implemented: 'This call exists in the API but the server does not offer it (yet).',
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
    /** On a 500 only: the id under which the failure is in the server's log. */
    correlationId: z.string().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;
