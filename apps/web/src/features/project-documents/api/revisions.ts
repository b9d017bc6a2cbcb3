import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectDocumentApi, type DocumentRevision, type DocumentRevisionSummary, type ProjectDocument } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { applySavedDocument } from './save-document';

export function getRevisions(id: string, signal?: AbortSignal): Promise<DocumentRevisionSummary[]> {
  return api.call(projectDocumentApi.revisions, { params: { id }, signal });
}

export function getRevision(id: string, version: number, signal?: AbortSignal): Promise<DocumentRevision> {
  return api.call(projectDocumentApi.revision, { params: { id, version }, signal });
}

export function restoreRevision({ id, version }: { id: string; version: number }): Promise<ProjectDocument> {
  return api.call(projectDocumentApi.restore, { params: { id, version } });
}

export function revisionsQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.documents.revisions(id), queryFn: ({ signal }) => getRevisions(id, signal) });
}

export function revisionQueryOptions(id: string, version: number) {
  // A kept version never changes.
  return queryOptions({ queryKey: queryKeys.documents.revision(id, version), queryFn: ({ signal }) => getRevision(id, version, signal), staleTime: Infinity });
}

export function useRevisions(id: string, enabled: boolean) {
  return useQuery({ ...revisionsQueryOptions(id), enabled });
}

export function useRevision(id: string, version: number | null) {
  return useQuery({ ...revisionQueryOptions(id, version ?? 0), enabled: version !== null });
}

export function useRestoreRevision() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restoreRevision, onSuccess: (doc) => applySavedDocument(client, doc) });
}
