import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditLogSchema, moderationPaths, type AuditLog } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export interface AuditQuery {
  action?: string;
  targetId?: string;
  pageNumber: number;
}

export function getAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<AuditLog> {
  return api.get(moderationPaths.audit, { schema: AuditLogSchema, params: { ...query }, signal });
}

export function auditLogQueryOptions(query: AuditQuery) {
  return queryOptions({ queryKey: queryKeys.admin.audit(query), queryFn: ({ signal }) => getAuditLog(query, signal) });
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({ ...auditLogQueryOptions(query), placeholderData: keepPreviousData });
}
