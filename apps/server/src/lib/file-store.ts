import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; paths it returns are served under /uploads/. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<string>;
  remove(publicPath: string): Promise<void>;
}

export const UPLOADS_PREFIX = '/uploads/';

export function createDiskStore(root: string): FileStore {
  return {
    async put(key, data) {
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, file);
      return `${UPLOADS_PREFIX}${key}`;
    },
    async remove(publicPath) {
      if (!publicPath.startsWith(UPLOADS_PREFIX)) return;
      const key = publicPath.slice(UPLOADS_PREFIX.length);
      const file = path.resolve(root, key);
      if (!file.startsWith(path.resolve(root) + path.sep)) return;
      await fs.rm(file, { force: true });
    },
  };
}
