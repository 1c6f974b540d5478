import { createLocalDiskStorage } from './local-disk-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageConfig } from './storage-config.ts';

export function createStorage(config: StorageConfig): ObjectStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalDiskStorage(config.root);
}
