import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStore } from './file-store.js';

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

/** An S3-compatible bucket; stored paths are absolute URLs under publicUrl. */
export function createS3Store(options: S3Options): FileStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
  });
  const base = options.publicUrl.replace(/\/$/, '');
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: data,
          ContentType: key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${base}/${key}`;
    },
    async remove(publicPath) {
      if (!publicPath.startsWith(`${base}/`)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: publicPath.slice(base.length + 1) }));
    },
    async get(publicPath) {
      if (!publicPath.startsWith(`${base}/`)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: publicPath.slice(base.length + 1) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
  };
}
