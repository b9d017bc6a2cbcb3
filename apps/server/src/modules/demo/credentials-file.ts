import fs from 'node:fs/promises';
import path from 'node:path';

// DATA_DIR/demo-credentials.txt holds the demo login of every tenant, one block each, labelled by
// tenant: each tenant is seeded on its own (on its first start, and a tenant added to TENANTS later
// is seeded then), so writing only the tenant just seeded lost the others' passwords (issue 22).

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

export interface DemoCredentials {
  tenant: string;
  password: string;
  emails: string[];
}

const HEADER = /^Hubbub demo accounts \(tenant ([^)\s]+)\), all with the password: (\S+)$/;

/** One tenant's block, as printed on the console and kept in the file. */
export function demoCredentialsText(credentials: DemoCredentials): string {
  return `Hubbub demo accounts (tenant ${credentials.tenant}), all with the password: ${credentials.password}\n${credentials.emails.map((email) => `  ${email}\n`).join('')}`;
}

/** The blocks of a credentials file, in order; lines outside a block are dropped. */
export function parseDemoCredentials(text: string): DemoCredentials[] {
  const blocks: DemoCredentials[] = [];
  for (const line of text.split(/\r?\n/)) {
    const header = HEADER.exec(line);
    if (header) blocks.push({ tenant: header[1], password: header[2], emails: [] });
    else if (line.trim() && blocks.length) blocks[blocks.length - 1].emails.push(line.trim());
  }
  return blocks;
}

/**
 * Puts one tenant's demo login into DATA_DIR/demo-credentials.txt, keeping every other tenant's
 * (a tenant seeded again, its database having been emptied, gets its new password in place of the
 * old one). Written whole to a temporary file and renamed, so a crash never leaves half a file;
 * mode 0600, as it holds passwords. Answers the file's path.
 */
export async function recordDemoCredentials(opts: { dataDir: string; credentials: DemoCredentials }): Promise<string> {
  const file = path.join(opts.dataDir, DEMO_CREDENTIALS_FILE);
  const existing = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const blocks = parseDemoCredentials(existing);
  const at = blocks.findIndex((block) => block.tenant === opts.credentials.tenant);
  if (at >= 0) blocks[at] = opts.credentials;
  else blocks.push(opts.credentials);
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, blocks.map(demoCredentialsText).join('\n'), { mode: 0o600 });
  await fs.rename(temporary, file);
  return file;
}
