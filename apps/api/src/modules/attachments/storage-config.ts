import { join } from 'node:path';
import { z } from 'zod';
import type { StorageConfig } from '../../storage/create-storage.ts';
import { configProblems } from '../../lib/env-fields.ts';

/** The attachments module's settings. */
export interface AttachmentsConfig {
  storage: StorageConfig;
}

export class StorageConfigError extends Error {
  override name = 'StorageConfigError';
}

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }).optional()),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional.pipe(
    z.enum(['true', 'false', '1', '0'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
  ),
});

const S3_VARIABLES = Object.keys(envSchema.shape);

/**
 * Where attachments are stored, from the environment: an S3-compatible bucket when S3_BUCKET is set, otherwise
 * local disk under DATA_DIR/attachments. Throws a StorageConfigError naming the variable when the settings are
 * inconsistent (so the server refuses to start rather than losing uploads).
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = configProblems(parsed.error).problems;
    throw new StorageConfigError(`Invalid storage configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (!e.S3_BUCKET) {
    const stray = S3_VARIABLES.filter((name) => name !== 'S3_BUCKET' && e[name as keyof typeof e] !== undefined);
    if (stray.length > 0) {
      throw new StorageConfigError(`Invalid storage configuration:\n  S3_BUCKET: required when ${stray.join(', ')} is set`);
    }
    return { kind: 'local', root: join(dataDir, 'attachments') };
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new StorageConfigError(
      'Invalid storage configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials',
    );
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT ?? null,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    // Self-hosted S3-compatible servers usually need path-style URLs; AWS itself prefers virtual-hosted ones.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['true', '1'].includes(e.S3_FORCE_PATH_STYLE) : e.S3_ENDPOINT !== undefined,
  };
}

/** The attachments' settings from the environment (S3_*; see storageConfigFromEnv). Throws a StorageConfigError. */
export function readAttachmentsConfig(env: NodeJS.ProcessEnv, dataDir: string): AttachmentsConfig {
  return { storage: storageConfigFromEnv(env, dataDir) };
}
