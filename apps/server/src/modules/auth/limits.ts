import type { ProblemCode } from '@hubbub/contract';
import { AppError } from '../../lib/app-error.js';
import type { LimitSpec, Throttle } from '../../lib/throttle.js';

const MINUTE = 60;

/**
 * The account calls' budgets. They count what matters: failures per account (so guessing
 * one person's password stops quickly) and per IP (so guessing many stops too), while
 * people who succeed share a large per-IP budget: a venue's crowd on one Wi-Fi can all
 * sign up and sign in at once. RATE_LIMIT_SCALE multiplies every `points`; the README
 * lists them.
 */
export const AUTH_LIMITS = {
  // Every password check counts here, not only the sign-in's (auth/service.ts passwordBudgets):
  // confirming the account's deletion with a stolen token must not guess faster.
  loginAccountFailures: { points: 5, durationS: 15 * MINUTE, message: 'Too many wrong passwords for this account.' },
  loginIpFailures: { points: 50, durationS: 15 * MINUTE, message: 'Too many wrong passwords from your network.' },
  loginIp: { points: 300, durationS: MINUTE, message: 'Too many sign-ins from your network.' },
  refreshIpFailures: { points: 50, durationS: 15 * MINUTE, message: 'Too many invalid session renewals from your network.' },
  refreshIp: { points: 1200, durationS: MINUTE, message: 'Too many session renewals from your network.' },
  registerIp: { points: 200, durationS: 15 * MINUTE, message: 'Too many sign-ups from your network.' },
  registerEmail: { points: 5, durationS: 60 * MINUTE, message: 'Too many sign-ups with this email address.' },
  verifyIpFailures: { points: 30, durationS: 15 * MINUTE, message: 'Too many wrong verification codes from your network.' },
  verifyIp: { points: 300, durationS: MINUTE, message: 'Too many verifications from your network.' },
  forgotEmail: { points: 3, durationS: 60 * MINUTE, message: 'Too many password reset emails for this address.' },
  forgotIp: { points: 30, durationS: 15 * MINUTE, message: 'Too many password reset requests from your network.' },
  resetIpFailures: { points: 30, durationS: 15 * MINUTE, message: 'Too many wrong reset codes from your network.' },
  resetIp: { points: 100, durationS: MINUTE, message: 'Too many password resets from your network.' },
  externalIpFailures: { points: 50, durationS: 15 * MINUTE, message: 'Too many failed sign-ins with Google or Microsoft from your network.' },
  externalIp: { points: 300, durationS: MINUTE, message: 'Too many sign-ins with Google or Microsoft from your network.' },
  reportAccount: { points: 20, durationS: 60 * MINUTE, message: 'Too many reports from your account; thank you, we will look at them. Try again later.' },
  // The buzz's chat (modules/chats): a person's messages over every event, on top of each room's slow mode.
  chatAccount: { points: 10, durationS: 15, message: 'You are sending messages too fast.' },
  // ActivityPub inboxes (modules/federation): what one server (its address) may post, signed or not.
  federationInbox: { points: 300, durationS: MINUTE, message: 'Too many activities from your server.' },
} satisfies Record<string, LimitSpec>;

export type AuthLimitName = keyof typeof AUTH_LIMITS;
/** Overrides of the budgets, by name: the points, or points and window (tests tighten or loosen them, or wait a window out). */
export type RateLimits = Record<AuthLimitName, number | { points: number; durationS: number }>;

export function authLimits(scale: number, overrides: Partial<RateLimits> = {}): Record<AuthLimitName, LimitSpec> {
  const specs = {} as Record<AuthLimitName, LimitSpec>;
  for (const [name, spec] of Object.entries(AUTH_LIMITS) as [AuthLimitName, LimitSpec][]) {
    const override = overrides[name];
    const { points, durationS } = typeof override === 'object' ? override : { points: override, durationS: spec.durationS };
    specs[name] = { ...spec, points: points ?? Math.max(1, Math.round(spec.points * scale)), durationS };
  }
  return specs;
}

type Budget = [AuthLimitName, string];

/**
 * Runs `work` within the budgets: refuses when a failure budget is already used up,
 * counts the attempt against the attempt budgets, and when `work` fails with one of
 * `failureCodes` counts that failure; a success clears `clearOnSuccess`.
 */
export async function limited<T>(
  // The context's throttle counts any name (lib/ knows no module's budgets); `budgets` names only these.
  throttle: Throttle<string>,
  budgets: { attempts?: Budget[]; failures?: Budget[]; failureCodes: ProblemCode[]; clearOnSuccess?: Budget[] },
  work: () => Promise<T>,
): Promise<T> {
  for (const [name, key] of budgets.failures ?? []) await throttle.check(name, key);
  for (const [name, key] of budgets.attempts ?? []) await throttle.hit(name, key);
  try {
    const result = await work();
    for (const [name, key] of budgets.clearOnSuccess ?? []) await throttle.clear(name, key);
    return result;
  } catch (error) {
    if (error instanceof AppError && budgets.failureCodes.includes(error.code)) {
      for (const [name, key] of budgets.failures ?? []) await throttle.fail(name, key);
    }
    throw error;
  }
}
