import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationApi, type Ok, type ReportQueue, type ReportTargetType } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { invalidateAfterModeration } from './invalidate';

export function getReportQueue(signal?: AbortSignal): Promise<ReportQueue> {
  return api.call(moderationApi.reports, { signal });
}

export function reportQueueQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.reports, queryFn: ({ signal }) => getReportQueue(signal) });
}

export function useReportQueue() {
  return useQuery({ ...reportQueueQueryOptions(), refetchInterval: 30_000 });
}

export function dismissReports(input: { targetType: ReportTargetType; targetId: string; reason: string }): Promise<Ok> {
  return api.call(moderationApi.reportDismiss, { params: { targetType: input.targetType, targetId: input.targetId }, body: { reason: input.reason } });
}

/** Every action changes the queue and adds to the audit log. */
export function useDismissReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissReports,
    onSuccess: () => invalidateAfterModeration(client),
  });
}
