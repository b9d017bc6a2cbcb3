import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eventsApi, flyersApi, pathOf, projectDocumentApi, type Flyer, type HubEvent, type ProjectDocument } from '@hubbub/contract';
import { BackupError, backupDataDir, restoreDataDir } from '../src/ops/backup.js';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan } from './support/api.js';
import { multipart } from './support/multipart.js';
import { fillMigrated } from './support/migrated-snapshot.js';

// Issue 31: npm run backup / npm run restore of the embedded database and DATA_DIR, round trip.

const made: string[] = [];
const tempDir = async (label: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `hubbub-${label}-`));
  made.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
});

/** An app on the embedded database in `dataDir`, as the server runs it (a new one starts from the migrated snapshot). */
async function appOn(dataDir: string): Promise<TestApp> {
  await fillMigrated(path.join(dataDir, 'db'));
  return build({ database: { pgliteDir: path.join(dataDir, 'db') }, env: { DATA_DIR: dataDir } });
}
const CONTENT = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#334455' }, blocks: [], imagePath: null });

// The embedded database's (PostgreSQL is backed up with pg_dump): once, in the PGlite project.
describe.skipIf(Boolean(inject('databaseUrl')))('backup and restore', () => {
  it('brings back events, flyers with their images, documents and accounts into an empty DATA_DIR', async () => {
    const dataDir = await tempDir('backup-source');
    const app = await appOn(dataDir);
    const host = await signUp(app, { name: 'Bea Backup' });
    await usePlan(app, host, 'Enterprise');
    const start = new Date(Date.now() + 86_400_000);
    const event = (await call(app.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: { name: 'Kept through a restore', startDate: start.toISOString(), endDate: new Date(start.getTime() + 7_200_000).toISOString(), area: { name: 'Omaha, NE', type: 4, latitude: 41.26, longitude: -95.94 } },
    })).json() as HubEvent;
    const flyer = (await call(app.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: event.id, name: 'Poster', contentJson: CONTENT } })).json() as Flyer;
    const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#f0a' } }).png().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: png, filename: 'poster.png', contentType: 'image/png' }]);
    const withImage = (await app.app.inject({ method: 'POST', url: pathOf(flyersApi.setImage, { id: flyer.id }), headers: { 'x-tenant': 'hubbub', 'content-type': contentType, authorization: `Bearer ${host.jwt}` }, payload })).json() as Flyer;
    const imagePath = (JSON.parse(withImage.contentJson) as { imagePath: string }).imagePath;
    const image = (await app.app.inject({ method: 'GET', url: imagePath })).rawPayload;
    expect(image.length).toBeGreaterThan(0);
    const doc = (await call(app.app, 'POST', projectDocumentApi.create.path, { jwt: host.jwt, body: { title: 'Run sheet', eventId: event.id } })).json() as ProjectDocument;
    await app.close();

    const file = path.join(await tempDir('backup-file'), 'hubbub.tar.gz');
    const manifest = await backupDataDir({ dataDir, file });
    expect(manifest.uploads).toBeGreaterThanOrEqual(1);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    const target = path.join(await tempDir('backup-target'), 'data');
    await restoreDataDir({ dataDir: target, file });
    expect((await fs.readdir(target)).sort()).toEqual(expect.arrayContaining(['db', 'uploads']));
    const restored = await appOn(target);
    try {
      const get = (url: string) => call(restored.app, 'GET', url, { jwt: host.jwt });
      expect(((await get(pathOf(eventsApi.get, { id: event.id }))).json() as HubEvent).name).toBe('Kept through a restore');
      expect(((await get(pathOf(flyersApi.ofEvent, { eventId: event.id }))).json() as Flyer[]).map((f) => f.name)).toEqual(['Poster']);
      expect(((await get(pathOf(projectDocumentApi.get, { id: doc.id }))).json() as ProjectDocument).title).toBe('Run sheet');
      const served = await restored.app.inject({ method: 'GET', url: imagePath });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, image)).toBe(0);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a DATA_DIR that is not empty, a file that is no backup, and a database a running server holds; nothing changes', async () => {
    const dataDir = await tempDir('backup-refusals');
    const app = await appOn(dataDir);
    await app.close();
    const file = path.join(await tempDir('backup-file2'), 'b.tar.gz');
    await backupDataDir({ dataDir, file });

    const full = await tempDir('backup-full');
    await fs.writeFile(path.join(full, 'keep.txt'), 'mine');
    await expect(restoreDataDir({ dataDir: full, file })).rejects.toThrow(/not empty/);
    expect(await fs.readdir(full)).toEqual(['keep.txt']);

    const junk = path.join(await tempDir('backup-junk'), 'junk.tar.gz');
    await fs.writeFile(junk, 'not a tar file at all');
    const empty = path.join(await tempDir('backup-empty'), 'data');
    await expect(restoreDataDir({ dataDir: empty, file: junk })).rejects.toBeInstanceOf(BackupError);
    expect(await fs.readdir(empty)).toEqual([]);

    // A crafted archive with a link in place of uploads: the link is not restored.
    const crafted = await tempDir('backup-crafted');
    await tar.x({ file, cwd: crafted });
    await fs.rm(path.join(crafted, 'uploads'), { recursive: true, force: true });
    await fs.symlink('/', path.join(crafted, 'uploads'));
    const craftedFile = path.join(crafted, '..', `${path.basename(crafted)}.tar.gz`);
    made.push(craftedFile);
    await tar.c({ gzip: true, file: craftedFile, cwd: crafted }, await fs.readdir(crafted));
    const safe = path.join(await tempDir('backup-safe'), 'data');
    await restoreDataDir({ dataDir: safe, file: craftedFile });
    await expect(fs.lstat(path.join(safe, 'uploads'))).rejects.toThrow();

    // A server holds the database (its operator file names a live process): the backup waits for it to stop.
    const sleeper = spawn('sleep', ['30']);
    try {
      await fs.writeFile(path.join(dataDir, 'operator.json'), JSON.stringify({ url: 'http://127.0.0.1:1', secret: 'x', pid: sleeper.pid }));
      await expect(backupDataDir({ dataDir, file: `${file}.2` })).rejects.toThrow(/stop it first/);
      await expect(fs.stat(`${file}.2`)).rejects.toThrow();
    } finally {
      sleeper.kill();
    }
  }, 60_000);
});
