import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Where the page's script and its worker are served; `?v=` names the build, so a page and its scripts always match. */
export const SCRIPT_PATH = '/e/event-page.js';
export const WORKER_PATH = '/e/reader-time.js';

export interface BuiltScript {
  code: string;
  /** Short content hash: the `v` of the script's address. */
  version: string;
  /** `/e/event-page.js?v=…` */
  url: string;
}

export interface PageScripts {
  /** The page's own script (browser/enhance.ts): no Intl, a kilobyte or two. */
  page: BuiltScript;
  /** The worker that writes the reader's time (browser/reader-time-worker.ts, with the contract's formatter). */
  worker: BuiltScript;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const built = (code: string, path: string): BuiltScript => {
  const version = createHash('sha256').update(code).digest('base64url').slice(0, 12);
  return { code, version, url: `${path}?v=${version}` };
};

let bundled: Promise<PageScripts> | undefined;

/**
 * The browser scripts of the public page, bundled once per process on first use: minified, each a
 * single file. The server runs from TypeScript source, so building here keeps one formatter for
 * the server's text and the reader's time without a separate build step.
 */
export function pageScripts(): Promise<PageScripts> {
  bundled ??= build({
    entryPoints: { page: here('./browser/enhance.ts'), worker: here('./browser/reader-time-worker.ts') },
    outdir: 'out',
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => {
    const code = (name: string) => result.outputFiles.find((file) => file.path.endsWith(`${name}.js`))!.text;
    return { page: built(code('page'), SCRIPT_PATH), worker: built(code('worker'), WORKER_PATH) };
  });
  // A failed build is tried again on the next page rather than remembered.
  bundled.catch(() => {
    bundled = undefined;
  });
  return bundled;
}
