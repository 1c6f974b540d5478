import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/storage/s3-storage.ts';

export interface LocalS3 {
  /** Settings for createS3Storage (path-style, s3rver's fixed credentials). */
  config: S3StorageConfig;
  /** The same settings as the S3_* environment variables the server reads. */
  env: Record<string, string>;
  /** Keys stored in the bucket (read from s3rver's folder), sorted. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
}

/** A real S3-compatible HTTP server (s3rver) on a free local port with one empty bucket, in a temp folder. */
export async function startLocalS3(bucket = 'jelly-attachments'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'jelly-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  const keys = async (): Promise<string[]> => {
    const root = join(directory, bucket);
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    // s3rver keeps each object as <key>._S3rver_object beside its metadata files.
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1).replace(/\._S3rver_object$/, ''))
      .sort();
  };

  return {
    config: { endpoint, bucket, region: 'us-east-1', credentials, forcePathStyle: true },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
