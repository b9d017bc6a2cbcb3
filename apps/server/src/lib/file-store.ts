import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; paths it returns are served under /uploads/. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<string>;
  remove(publicPath: string): Promise<void>;
  /** The bytes behind a path `put` returned; null when it is not this store's or is gone. */
  get(publicPath: string): Promise<Buffer | null>;
}

export const UPLOADS_PREFIX = '/uploads/';

/** The file behind a public path, never outside the root (a stored path is data, so it is checked). */
function fileOf(root: string, publicPath: string): string | null {
  if (!publicPath.startsWith(UPLOADS_PREFIX)) return null;
  const file = path.resolve(root, publicPath.slice(UPLOADS_PREFIX.length));
  return file.startsWith(path.resolve(root) + path.sep) ? file : null;
}

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
      const file = fileOf(root, publicPath);
      if (file) await fs.rm(file, { force: true });
    },
    async get(publicPath) {
      const file = fileOf(root, publicPath);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch {
        return null;
      }
    },
  };
}
