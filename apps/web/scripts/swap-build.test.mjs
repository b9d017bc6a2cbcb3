import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { swapBuild } from './swap-build.mjs';

// Issue 22, finding 10: a rebuild replaces the served folder whole, never file by file.
describe('swapBuild', () => {
  it('puts the new build in place of the old one and leaves nothing beside it', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-swap-'));
    const dist = path.join(root, 'dist');
    const next = path.join(root, 'dist.next-1');
    await fs.mkdir(dist);
    await fs.writeFile(path.join(dist, 'index.html'), 'old');
    await fs.mkdir(next);
    await fs.writeFile(path.join(next, 'index.html'), 'new');
    await swapBuild(next, dist);
    expect(await fs.readFile(path.join(dist, 'index.html'), 'utf8')).toBe('new');
    expect(await fs.readdir(root)).toEqual(['dist']);
    await fs.rm(root, { recursive: true });
  });

  it('works on a first build, with no folder yet', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-swap-'));
    await fs.mkdir(path.join(root, 'dist.next-2'));
    await fs.writeFile(path.join(root, 'dist.next-2', 'index.html'), 'first');
    await swapBuild(path.join(root, 'dist.next-2'), path.join(root, 'dist'));
    expect(await fs.readFile(path.join(root, 'dist', 'index.html'), 'utf8')).toBe('first');
    await fs.rm(root, { recursive: true });
  });
});
