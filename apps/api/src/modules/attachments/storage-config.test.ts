import { describe, expect, it } from 'vitest';
import { storageConfigFromEnv } from './storage-config.ts';

describe('storageConfigFromEnv', () => {
  it('uses local disk under DATA_DIR/attachments by default', () => {
    expect(storageConfigFromEnv({}, '/srv/jelly')).toEqual({ kind: 'local', root: '/srv/jelly/attachments' });
    expect(storageConfigFromEnv({ S3_BUCKET: '  ' }, '/d')).toEqual({ kind: 'local', root: '/d/attachments' });
  });

  it('selects S3 when S3_BUCKET is set, path-style when an endpoint is given', () => {
    expect(
      storageConfigFromEnv(
        {
          S3_BUCKET: 'files',
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
        },
        '/d',
      ),
    ).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('uses the AWS default credentials and virtual-hosted URLs on AWS itself', () => {
    expect(storageConfigFromEnv({ S3_BUCKET: 'files', S3_REGION: 'eu-central-1' }, '/d')).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: null,
      region: 'eu-central-1',
      credentials: null,
      forcePathStyle: false,
    });
    expect(storageConfigFromEnv({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'true' }, '/d')).toMatchObject({
      forcePathStyle: true,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: required when S3_ENDPOINT is set'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-key' }, 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT: S3_ENDPOINT must be an http(s) URL'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: S3_FORCE_PATH_STYLE must be true or false'],
  ])('refuses inconsistent settings %j', (env, message) => {
    expect(() => storageConfigFromEnv(env, '/d')).toThrow(message);
  });
});
