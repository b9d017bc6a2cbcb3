import { z } from 'zod';
import { PRESENCE } from './api-prefixes.js';
import { defineEndpoints, endpoint } from './endpoint.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const EmailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid email address.' }).max(254));
const password = z
  .string({ message: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });
export const PersonNameSchema = z
  .string({ message: 'Name is required.' })
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(100, { message: 'Name must be at most 100 characters.' });

export const CredentialsSchema = z
  .object({
    email: EmailSchema,
    password: z.string({ message: 'Password is required.' }).min(1, { message: 'Password is required.' }).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'Credentials' });
export type Credentials = z.infer<typeof CredentialsSchema>;

export const RegistrationSchema = z.object({ email: EmailSchema, name: PersonNameSchema, password }).meta({ id: 'Registration' });
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationResultSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    verificationRequired: z.boolean(),
    signInKey: z.string().meta({
      description:
        'Kept by the browser that registered and sent with the verification (its body): that browser is then signed in. Worthless without the emailed token or code.',
    }),
  })
  .meta({ id: 'RegistrationResult' });
export type RegistrationResult = z.infer<typeof RegistrationResultSchema>;

/** Answer of login, external login and refresh. rememberMe is always true. */
export const LoginResultSchema = z
  .object({ jwt: z.string(), refreshToken: z.string(), rememberMe: z.literal(true) })
  .meta({ id: 'LoginResult' });
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const RefreshRequestSchema = z
  .object({ refreshToken: z.string({ message: 'refreshToken is required.' }).min(1).max(512) })
  .meta({ id: 'RefreshRequest' });
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** A verification or reset secret: the long link token or the short typed code. */
export const SecretParamsSchema = z.object({
  tokenOrCode: z.string().trim().min(4, { message: 'The code is too short.' }).max(128, { message: 'The code is too long.' }),
});
export const ResetParamsSchema = z.object({
  code: z.string().trim().min(4, { message: 'The code is too short.' }).max(128, { message: 'The code is too long.' }),
});

/** The optional body of the verification: the registering browser's key, which signs it in. */
export const VerifyRequestSchema = z
  .object({ signInKey: z.string().max(256).optional() })
  .meta({ id: 'VerifyRequest' });
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

/** `session` (the login answer) only when the key the registration answered came with it. */
export const VerifyResultSchema = z
  .object({ verified: z.literal(true), email: z.string(), session: LoginResultSchema.optional() })
  .meta({ id: 'VerifyResult' });
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema }).meta({ id: 'ForgotPassword' });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({ password }).meta({ id: 'ResetPassword' });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

/** GET auth/user: merged into the client's current user. */
export const AuthUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    plan: z.enum(['Free', 'Basic', 'Pro', 'Enterprise']),
    features: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** GET auth/logout: the session is over; `endSessionUrl` is the provider's sign-out page to send the browser through (Microsoft), or null. */
export const LogoutResultSchema = z
  .object({ ok: z.literal(true), endSessionUrl: z.string().nullable() })
  .meta({ id: 'LogoutResult' });
export type LogoutResult = z.infer<typeof LogoutResultSchema>;

/** The statuses every account call may answer besides its success (429: the budgets of modules/auth/limits.ts). */
const accountProblems = [400, 401, 403, 404, 409, 429] as const;

// The logout call is served by modules/external-auth, which ends the provider's session too.
export const authApi = defineEndpoints('auth', {
  login: endpoint('POST', `${PRESENCE}/auth/login`, { summary: 'Log in with email and password', body: CredentialsSchema, answer: LoginResultSchema, problems: accountProblems }),
  logout: endpoint('GET', `${PRESENCE}/auth/logout`, {
    summary: "End the session of the bearer token, and the provider's session it came from",
    auth: 'bearer',
    answer: LogoutResultSchema,
  }),
  user: endpoint('GET', `${PRESENCE}/auth/user`, { summary: 'The signed-in user', auth: 'bearer', answer: AuthUserSchema }),
  refresh: endpoint('POST', `${PRESENCE}/auth/refresh`, { summary: 'Rotate the refresh token', body: RefreshRequestSchema, answer: LoginResultSchema, problems: accountProblems }),
  register: endpoint('POST', `${PRESENCE}/auth/register`, {
    summary: 'Create an account; a verification email follows',
    body: RegistrationSchema,
    answer: RegistrationResultSchema,
    status: 201,
    problems: accountProblems,
  }),
  verify: endpoint('POST', `${PRESENCE}/auth/verify/:tokenOrCode`, {
    secretPath: true,
    summary: 'Verify an email with the link token or the typed code; with the key the registration answered, sign in too',
    params: SecretParamsSchema,
    // No body at all (the spec's call) reaches the validator as null.
    body: VerifyRequestSchema.nullish(),
    answer: VerifyResultSchema,
    problems: accountProblems,
  }),
  forgotPassword: endpoint('POST', `${PRESENCE}/auth/password/forgot`, {
    summary: 'Email a password reset code (same answer for unknown emails)',
    body: ForgotPasswordSchema,
    answer: MessageSchema,
    problems: accountProblems,
  }),
  resetPassword: endpoint('POST', `${PRESENCE}/auth/password/reset/:code`, {
    secretPath: true,
    summary: 'Set a new password with the emailed code',
    params: ResetParamsSchema,
    body: ResetPasswordSchema,
    answer: MessageSchema,
    problems: accountProblems,
  }),
});
