import { useMutation } from '@tanstack/react-query';
import { moderationApi, type ReportCreate, type ReportReceipt } from '@hubbub/contract';
import { engineApi } from '@/lib/api';

/** Fails with `conflict` when this person already has an open report on the target, `rate_limited` past the hourly budget. */
export function createReport(input: ReportCreate): Promise<ReportReceipt> {
  return engineApi.call(moderationApi.report, { body: input });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
