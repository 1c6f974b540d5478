import { createLocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage, type S3StorageConfig } from './s3-storage.ts';

/** Local disk under `root`, or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageConfig);

export function createStorage(config: StorageConfig): ObjectStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalDiskStorage(config.root);
}
