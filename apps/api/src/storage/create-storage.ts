import { createLocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import type { S3StorageConfig } from './s3-storage.ts';

/** Local disk under `root`, or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageConfig);

export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  if (config.kind !== 's3') return createLocalDiskStorage(config.root);
  // The AWS SDK (tens of megabytes of code and memory) loads only when a bucket is configured.
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config);
}
