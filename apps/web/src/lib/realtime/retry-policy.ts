import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';

/** Spec 9: a failed first start() is not retried by the SignalR client, so the app retries this often. */
export const FIRST_START_RETRY_MS = 5_000;

/**
 * Spec 4/9: 2 s for the first 15 reconnect attempts, 5 s up to 30, then 10 s for ever.
 * `previousRetryCount` is 0 for the first attempt, so attempts 1–15 wait 2 s.
 */
export function reconnectDelay(previousRetryCount: number): number {
  if (previousRetryCount < 15) return 2_000;
  if (previousRetryCount < 30) return 5_000;
  return 10_000;
}

/** Never gives up (never returns null): a venue screen must come back on its own. */
export const hubRetryPolicy: IRetryPolicy = {
  nextRetryDelayInMilliseconds: (context: RetryContext) => reconnectDelay(context.previousRetryCount),
};
