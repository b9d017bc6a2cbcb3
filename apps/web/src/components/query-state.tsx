import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { hasCode } from '@/lib/api';
import { ErrorPanel } from './error-panel';

/** An empty answer has its own screen only together with the test for it. */
type EmptyProps<TData> = { empty?: undefined; isEmpty?: undefined } | { empty: ReactNode; isEmpty: (data: TData) => boolean };

type QueryStateProps<TData, TError> = EmptyProps<TData> & {
  query: UseQueryResult<TData, TError>;
  /** Until the first answer: a skeleton of what comes, or a spinner. */
  loading: ReactNode;
  /** The error panel's title (its Try again refetches). */
  errorTitle?: string;
  /** Instead of the error panel when the server says there is no such thing (404). */
  notFound?: ReactNode;
  /** Instead of the error panel for every other failure: a quieter note, or a panel in a frame of its own. */
  error?: (error: TError, retry: () => void) => ReactNode;
  /** What to show with the answer. */
  children: (data: TData) => ReactNode;
};

/**
 * One query's screen: loading, failed (with a way to try again), not found, empty, or the data.
 * A failed refetch shows the failure, not the stale data, like a first load that failed.
 */
export function QueryState<TData, TError>({ query, loading, errorTitle, notFound, error, empty, isEmpty, children }: QueryStateProps<TData, TError>) {
  if (query.isPending) return loading;
  if (query.isError) {
    const retry = () => void query.refetch();
    // Not found is an answer, not a failure: it wins over `error` (which is for failing to ask).
    if (notFound !== undefined && hasCode(query.error, 'not_found')) return notFound;
    if (error) return error(query.error, retry);
    return <ErrorPanel error={query.error} title={errorTitle} onRetry={retry} />;
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
