/**
 * npm run backup [FILE] — the embedded database and the rest of DATA_DIR (uploads, the JWT secret,
 * the VAPID keys) in one file, by default hubbub-backup-<date>.tar.gz here. Stop the server first.
 * npm run restore FILE — brings it back into an empty DATA_DIR. With DATABASE_URL, use pg_dump
 * (README, Backups). Reads the same environment as the server (DATA_DIR, DATABASE_URL).
 */
import { ConfigError, loadConfig } from '../apps/server/src/config.js';
import { BackupError, backupDataDir, restoreDataDir } from '../apps/server/src/ops/backup.js';

const [command, file] = process.argv.slice(2);
try {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError('DATABASE_URL is set: back up PostgreSQL with pg_dump, and keep the uploads (or the S3 bucket), the JWT secret and the VAPID keys (README, Backups).');
  }
  if (command === 'restore') {
    if (!file) throw new BackupError('Usage: npm run restore -- FILE (into an empty DATA_DIR).');
    const manifest = await restoreDataDir({ dataDir: config.dataDir, file });
    process.stdout.write(`Restored ${file} (made ${manifest.createdAt}, ${manifest.uploads} uploaded files) into ${config.dataDir}.\n`);
  } else {
    const target = file ?? `hubbub-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    const manifest = await backupDataDir({ dataDir: config.dataDir, file: target });
    process.stdout.write(`Backed up ${config.dataDir} to ${target} (${manifest.migrations} migrations, ${manifest.uploads} uploaded files). It holds the JWT secret: keep it private.\n`);
  }
  process.exit(0);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
