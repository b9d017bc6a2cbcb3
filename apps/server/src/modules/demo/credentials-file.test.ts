import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS_FILE, parseDemoCredentials, recordDemoCredentials } from './credentials-file.js';

const emails = ['demo@hubbub.local', 'river@hubbub.local'];

describe('issue 22 (finding 12): the demo credentials file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-demo-credentials-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps every tenant’s block; a tenant seeded again gets its new password in place', async () => {
    // A file as the seed wrote it before: one tenant's block.
    await fs.writeFile(path.join(dir, DEMO_CREDENTIALS_FILE), 'Hubbub demo accounts (tenant hubbub), all with the password: oldpass\n  demo@hubbub.local\n  river@hubbub.local\n');
    await recordDemoCredentials({ dataDir: dir, credentials: { tenant: 'rival', password: 'rivalpass', emails } });
    await recordDemoCredentials({ dataDir: dir, credentials: { tenant: 'hubbub', password: 'newpass', emails } });
    const file = path.join(dir, DEMO_CREDENTIALS_FILE);
    expect(parseDemoCredentials(await fs.readFile(file, 'utf8'))).toEqual([
      { tenant: 'hubbub', password: 'newpass', emails },
      { tenant: 'rival', password: 'rivalpass', emails },
    ]);
    expect(await fs.readdir(dir)).toEqual([DEMO_CREDENTIALS_FILE]);
  });

  it('starts a file of its own, readable by its owner only', async () => {
    const file = await recordDemoCredentials({ dataDir: dir, credentials: { tenant: 'hubbub', password: 'pass', emails } });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(file, 'utf8')).toBe('Hubbub demo accounts (tenant hubbub), all with the password: pass\n  demo@hubbub.local\n  river@hubbub.local\n');
  });
});
