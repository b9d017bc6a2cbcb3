import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { appliedMigrations, dumpPglite, openDatabase } from '../db/client.js';
import { processAlive, readOperatorFile } from '../modules/subscription/operator.js';

// `npm run backup` and `npm run restore` (issue 31): the embedded database and everything else a
// DATA_DIR holds that a restored server needs (uploads, the JWT secret, the VAPID keys, the demo
// credentials) in one gzipped tar file. PostgreSQL deployments use pg_dump instead (README).

const FORMAT = 'hubbub-backup';
const VERSION = 1;
const DB_DUMP = 'db.tar';
const MANIFEST = 'manifest.json';
/** What of DATA_DIR goes into a backup besides the database (the outbox is a development mail copy, operator.json a running server's). */
const KEPT = ['uploads', 'jwt.key', 'vapid.json', 'demo-credentials.txt'];

export class BackupError extends Error {}

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  migrations: number;
  /** Files under uploads/. */
  uploads: number;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

async function countFiles(dir: string): Promise<number> {
  if (!(await exists(dir))) return 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Writes DATA_DIR's backup to `file` (mode 0600: it holds the JWT secret). The embedded database
 * belongs to one process, so a server running on DATA_DIR must be stopped first (refused otherwise,
 * saying which); the snapshot is then consistent by construction.
 */
export async function backupDataDir(opts: { dataDir: string; file: string; now?: Date }): Promise<BackupManifest> {
  const { dataDir } = opts;
  const dbDir = path.join(dataDir, 'db');
  if (!(await exists(dbDir))) throw new BackupError(`No embedded database in ${dataDir} (its db folder is missing): nothing to back up.`);
  const running = await readOperatorFile(dataDir);
  if (running && processAlive(running.pid) && running.pid !== process.pid) {
    throw new BackupError(`A Hubbub server (pid ${running.pid}, ${running.url}) holds the embedded database in ${dataDir}: stop it first, then run the backup.`);
  }
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-backup-'));
  try {
    const database = await openDatabase({ pgliteDir: dbDir });
    let migrations: number;
    try {
      migrations = await appliedMigrations(database.db);
      await fs.writeFile(path.join(staging, DB_DUMP), new Uint8Array(await (await dumpPglite(database)).arrayBuffer()));
    } finally {
      await database.close();
    }
    const manifest: BackupManifest = { format: FORMAT, version: VERSION, createdAt: (opts.now ?? new Date()).toISOString(), migrations, uploads: await countFiles(path.join(dataDir, 'uploads')) };
    await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // The rest of DATA_DIR is linked into the staging folder and followed, so nothing is copied twice on disk.
    const kept: string[] = [];
    for (const name of KEPT) {
      if (!(await exists(path.join(dataDir, name)))) continue;
      await fs.symlink(path.resolve(dataDir, name), path.join(staging, name));
      kept.push(name);
    }
    await fs.mkdir(path.dirname(path.resolve(opts.file)), { recursive: true });
    const temp = `${opts.file}.${process.pid}.tmp`;
    await tar.c({ gzip: true, file: temp, cwd: staging, follow: true, portable: true, mode: 0o600 } as tar.TarOptionsWithAliasesFile, [MANIFEST, DB_DUMP, ...kept]);
    await fs.chmod(temp, 0o600);
    await fs.rename(temp, opts.file);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Brings a backup back into `dataDir`, which must be empty or absent (a restore never mixes two
 * installations). The database is loaded from the dump and opened once, so it is ready to serve.
 */
export async function restoreDataDir(opts: { dataDir: string; file: string }): Promise<BackupManifest> {
  const { dataDir } = opts;
  if (!(await exists(opts.file))) throw new BackupError(`No backup file at ${opts.file}.`);
  if ((await exists(dataDir)) && (await fs.readdir(dataDir)).length) throw new BackupError(`${dataDir} is not empty: restore into an empty DATA_DIR (or a new one).`);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // node-tar keeps every entry inside cwd (no absolute paths, no ..).
    // Only what a backup holds, as plain files and folders: a crafted archive's link (uploads -> /)
    // would otherwise let the uploads route serve any file of the host.
    const expected = (entry: string) => [MANIFEST, DB_DUMP, ...KEPT].some((name) => entry === name || entry.startsWith(`${name}/`));
    const filter = (entry: string, stat: tar.ReadEntry | Stats) => {
      const type = 'type' in stat ? stat.type : undefined;
      return expected(entry.replace(/^\.\//, '')) && (type === 'File' || type === 'OldFile' || type === 'Directory');
    };
    await tar.x({ file: opts.file, cwd: dataDir, filter }).catch((error: unknown) => {
      throw new BackupError(`${opts.file} is not a Hubbub backup: ${error instanceof Error ? error.message : String(error)}`);
    });
    const manifest = JSON.parse(await fs.readFile(path.join(dataDir, MANIFEST), 'utf8').catch(() => '{}')) as Partial<BackupManifest>;
    if (manifest.format !== FORMAT || manifest.version !== VERSION) throw new BackupError(`${opts.file} is not a Hubbub backup (no manifest of format ${FORMAT} ${VERSION}).`);
    const dump = await fs.readFile(path.join(dataDir, DB_DUMP));
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), loadDataDir: new Blob([dump]), extensions: { pg_trgm, btree_gin } });
    await client.close();
    await fs.rm(path.join(dataDir, DB_DUMP));
    await fs.rm(path.join(dataDir, MANIFEST));
    return manifest as BackupManifest;
  } catch (error) {
    // Nothing half restored is left to start a server on.
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(dataDir, { recursive: true });
    throw error;
  }
}
