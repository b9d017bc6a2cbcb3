import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moderationApi, type AuditLog } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export interface AuditQuery {
  action?: string;
  targetId?: string;
  pageNumber: number;
}

export function getAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<AuditLog> {
  return api.call(moderationApi.audit, { query, signal });
}

export function auditLogQueryOptions(query: AuditQuery) {
  return queryOptions({ queryKey: queryKeys.admin.audit(query), queryFn: ({ signal }) => getAuditLog(query, signal) });
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({ ...auditLogQueryOptions(query), placeholderData: keepPreviousData });
}
