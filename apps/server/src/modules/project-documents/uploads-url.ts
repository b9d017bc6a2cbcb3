import type { DocumentContentOptions } from '@hubbub/contract';
import type { Config } from '../../config.js';

/**
 * Where uploaded files are served when S3 holds them: S3_PUBLIC_URL, or the bucket's address at
 * S3_ENDPOINT; null when they are on this server's disk (its own /uploads/). The S3 store builds
 * its paths from this, and a document's pictures are accepted from here and /uploads/ only.
 */
export function uploadsUrlOf(config: Pick<Config, 'S3_BUCKET' | 'S3_PUBLIC_URL' | 'S3_ENDPOINT'>): string | null {
  if (!config.S3_BUCKET) return null;
  return config.S3_PUBLIC_URL ?? `${config.S3_ENDPOINT!.replace(/\/$/, '')}/${config.S3_BUCKET}`;
}

/** The content rules as this server applies them (its pictures' address). */
export const contentOptionsOf = (config: Pick<Config, 'S3_BUCKET' | 'S3_PUBLIC_URL' | 'S3_ENDPOINT'>): DocumentContentOptions => ({ uploadsUrl: uploadsUrlOf(config) });
