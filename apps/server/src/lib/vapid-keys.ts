import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The web push (VAPID) key pair: from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else generated once
 * and kept in DATA_DIR. Browsers subscribe against the public key, so every instance must share
 * it: with several instances, set the variables.
 */
export async function loadVapidKeys(dataDir: string, fromEnv: { publicKey?: string; privateKey?: string }): Promise<VapidKeys> {
  if (fromEnv.publicKey && fromEnv.privateKey) return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  const file = path.join(dataDir, 'vapid.json');
  const read = async () => JSON.parse(await fs.readFile(file, 'utf8')) as VapidKeys;
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  await fs.mkdir(dataDir, { recursive: true });
  // 'wx' fails if another process wrote it first; then that pair wins.
  try {
    await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}
