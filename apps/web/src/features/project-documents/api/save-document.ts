import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { projectDocumentApi, type Ok, type ProjectDocument, type ProjectDocumentCreate, type ProjectDocumentUpdate } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function createDocument(input: ProjectDocumentCreate): Promise<ProjectDocument> {
  return api.call(projectDocumentApi.create, { body: input });
}

/** Fails with `version_conflict` (and the stored version) when the document was saved elsewhere since `version`. */
export function updateDocument(input: ProjectDocumentUpdate): Promise<ProjectDocument> {
  return api.call(projectDocumentApi.update, { body: input });
}

export function deleteDocument(id: string): Promise<Ok> {
  return api.call(projectDocumentApi.delete, { params: { id } });
}

/** A saved document: its own cache is the answer; lists, its revisions and its event's page are stale. */
export function applySavedDocument(client: QueryClient, doc: ProjectDocument) {
  client.setQueryData(queryKeys.documents.detail(doc.id), doc);
  void client.invalidateQueries({ queryKey: queryKeys.documents.lists });
  void client.invalidateQueries({ queryKey: queryKeys.documents.revisions(doc.id) });
  if (doc.eventId) void client.invalidateQueries({ queryKey: queryKeys.documents.ofEvent(doc.eventId) });
}

export function useCreateDocument() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createDocument, onSuccess: (doc) => applySavedDocument(client, doc) });
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_ok, id) => {
      client.removeQueries({ queryKey: queryKeys.documents.detail(id), type: 'inactive' });
      void client.invalidateQueries({ queryKey: queryKeys.documents.lists });
    },
  });
}
