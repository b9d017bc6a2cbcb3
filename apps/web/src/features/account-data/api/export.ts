import { useMutation } from '@tanstack/react-query';
import { accountDataApi } from '@hubbub/contract';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/download';
import { myDataFileName } from '../file-name';

/**
 * Fetches the export with the bearer token (a plain link would go without it) and hands it to the
 * browser as a file; answers the file's name.
 */
export async function downloadMyData(): Promise<string> {
  const response = await api.download(accountDataApi.export);
  const blob = await response.blob();
  const name = myDataFileName(new Date());
  saveFile(blob.type ? blob : new Blob([blob], { type: 'application/json' }), name);
  return name;
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
