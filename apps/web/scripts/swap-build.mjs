import fs from 'node:fs/promises';

/**
 * Puts the finished build `next` where `dist` is: the old folder is renamed aside first, then
 * `next` renamed into place (both atomic on one file system), then the old one removed. A
 * server serving `dist` sees the old files or the new ones, never a half-written mix.
 */
export async function swapBuild(next, dist) {
  const old = `${dist}.old-${process.pid}-${Date.now()}`;
  let hadOld = true;
  try {
    await fs.rename(dist, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    hadOld = false;
  }
  await fs.rename(next, dist);
  if (hadOld) await fs.rm(old, { recursive: true, force: true });
}
