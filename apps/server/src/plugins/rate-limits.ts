/** Per-IP limits of the sensitive account calls; tests raise or lower them through build options. */
export interface RateLimits {
  login: number;
  register: number;
  verify: number;
  forgot: number;
  reset: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { login: 10, register: 5, verify: 10, forgot: 5, reset: 10, windowMs: 60_000 };

export function rateLimitConfig(max: number, windowMs: number) {
  return { rateLimit: { max, timeWindow: windowMs } };
}
