import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { attachmentPaths, attachmentUploadResponse } from '@jelly/contracts';
import { VIDEO_MAX_BYTES } from '@jelly/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { bearer, errorResponses, signedIn } from '../../lib/route-preamble.ts';
import { createStorage } from '../../storage/create-storage.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { perUserPerMinute } from '../chat/index.ts';
import { downloadAttachment, inlineDisposition } from './download-attachment.ts';
import { uploadAttachment } from './upload-attachment.ts';

export interface AttachmentRoutesOptions {
  /**
   * Where files go. Default: the configured storage (`config.attachments`, read from the S3_* environment
   * variables by storage-config.ts: S3 when S3_BUCKET is set), else local disk under DATA_DIR/attachments.
   */
  storage?: ObjectStorage;
  /** Uploads per wallet per minute (default 10). */
  uploadsPerMinute?: number;
}

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

/** Chat attachments: upload (type by content, size capped while streaming) and authorised download. */
export const attachmentRoutes: FastifyPluginAsyncZod<AttachmentRoutesOptions> = async (app, options) => {
  const storage =
    options.storage ??
    (await createStorage(app.config.attachments?.storage ?? { kind: 'local', root: join(app.config.dataDir, 'attachments') }));
  if (!options.storage) app.addHook('onClose', () => storage.close());
  app.log.info({ storage: storage.kind }, 'chat attachments storage');

  await app.register(multipart, {
    // The per-type caps (5/10/30 MB) are enforced while streaming; this is the parser's hard stop behind them.
    limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 1, fields: 8, parts: 10, fieldSize: 16 * 1024 },
  });

  const { db, config } = app;

  app.post(
    attachmentPaths.upload,
    {
      preHandler: app.authenticate,
      config: perUserPerMinute(options.uploadsPerMinute ?? 10),
      schema: {
        tags: ['chat'],
        summary: 'Upload a chat attachment (multipart: RoomId, UserId, File, Bucket=2, optional Content caption)',
        description:
          'RoomId and UserId must come before File. The type is decided from the first bytes (images jpeg/png/gif/webp ' +
          'up to 5 MB, pdf up to 10 MB, videos mp4/webm/mov up to 30 MB); the file becomes a chat message.',
        security: bearer,
        consumes: ['multipart/form-data'],
        response: { 201: attachmentUploadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the upload as multipart/form-data.');
      }
      try {
        const result = await uploadAttachment({ db, storage, now: config.now, log: request.log, admins: config.adminWallets }, user, request.parts());
        return await reply.status(201).send(result);
      } catch (error) {
        // The rest of the body may still be on its way: answer now and drop the connection instead of reading it.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.get(
    attachmentPaths.downloadRoute,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['chat'],
        summary: "Download a chat attachment (the deal's parties and admins)",
        security: bearer,
        params: z.object({ key: z.string() }),
        // A stream: Fastify pipes it without serialising. Its type is the one sniffed at upload, hence any type.
        response: {
          200: {
            description: 'The file bytes, with the content type sniffed at upload',
            content: { '*/*': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { attachment, object } = await downloadAttachment({ db, storage, log: request.log }, signedIn(request), request.params.key);
      return reply
        .header('content-type', attachment.contentType)
        .header('content-length', String(object.size))
        .header('content-disposition', inlineDisposition(attachment.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(object.body);
    },
  );
};
