import { QueryClient } from '@tanstack/react-query';
import { isTransient } from './error-policy';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A not_found or not_owner will say the same on a retry; only transient failures are retried.
      retry: (count, error) => count < 2 && isTransient(error),
    },
  },
});
