import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { ObjectMetadata, ObjectStorage, StoredObject } from './object-storage.ts';

export interface S3StorageConfig {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); null = AWS default for the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** null = the AWS SDK's default credential chain (instance role, AWS_* variables, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Path-style URLs (http://host/bucket/key): needed by most self-hosted S3-compatible servers. */
  forcePathStyle: boolean;
}

/** Up to 5 MB parts, one at a time: an upload never holds more than one part in memory. */
const PART_SIZE = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/**
 * Objects in an S3-compatible bucket. Bodies stream through a multipart upload (a single PUT when small); a failed
 * body stream aborts the upload so no partial object appears.
 */
export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Third-party S3 servers (MinIO, Ceph, s3rver, …) do not all understand the newer default checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    kind: 's3',

    async put(key: string, body: Readable, metadata: ObjectMetadata) {
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      const upload = new Upload({
        client,
        queueSize: 1,
        partSize: PART_SIZE,
        leavePartsOnError: false,
        params: {
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: metadata.contentType,
          // User metadata travels as HTTP headers: ASCII only.
          Metadata: { 'original-name': encodeURIComponent(metadata.originalName) },
        },
      });
      // A body that fails after the last part was sent would otherwise leave a complete-looking object.
      let bodyError: unknown = null;
      body.once('error', (error) => {
        bodyError = error;
      });
      try {
        await upload.done();
      } catch (error) {
        throw bodyError ?? error;
      }
      if (bodyError) {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
        throw bodyError;
      }
      return { size };
    },

    async get(key: string): Promise<StoredObject | null> {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!(result.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return { body: result.Body, size: result.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },

    async close() {
      client.destroy();
    },
  };
}
