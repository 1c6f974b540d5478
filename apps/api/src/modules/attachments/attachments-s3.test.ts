import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttachmentUploadResponse } from '@jelly/contracts';
import { CHAT_CLOSED, FILE_TOO_LARGE, MEGABYTE, OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal, setDealStatus } from '../../../test/helpers/chat-deals.ts';
import { startLocalS3, type LocalS3 } from '../../../test/helpers/local-s3.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { sampleFiles } from '../../../test/helpers/sample-files.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { attachmentRoutes } from './routes.ts';
import { readAttachmentsConfig } from './storage-config.ts';

let s3: LocalS3;
let t: TestApp;
const alice = createWallet();
const bob = createWallet();
const tokens = new Map<TestWallet, string>();
let dealId: number;

/** Deals that a second upload route (below) closes the moment their file is stored: the race with completion. */
const closeWhileUploading = new Set<number>();

async function upload(wallet: TestWallet, data: Uint8Array, roomId = dealId, filename = 'receipt.png', prefix = '/api') {
  const { payload, headers } = await multipartBody([
    { name: 'RoomId', value: String(roomId) },
    { name: 'UserId', value: wallet.address },
    { name: 'File', filename, contentType: 'image/png', data },
    { name: 'Bucket', value: '2' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${prefix}/attachments/upload`,
    headers: { ...headers, authorization: `Bearer ${tokens.get(wallet)}` },
    payload,
  });
}

beforeAll(async () => {
  s3 = await startLocalS3();
  // The server picks S3 from these variables through the reader loadConfig uses (storage-config.ts), as in production.
  t = await createTestApp({
    config: { attachments: readAttachmentsConfig(s3.env, tmpdir()) },
    // The same routes again under /race, on S3 storage that completes the deal right after storing its file.
    extend: async (app) => {
      const real = createS3Storage(s3.config);
      const racing: ObjectStorage = {
        ...real,
        put: async (key, body, metadata) => {
          const stored = await real.put(key, body, metadata);
          const dealOfKey = Number(key.split('/')[0]);
          if (closeWhileUploading.has(dealOfKey)) await setDealStatus(app.db, dealOfKey, OrderStatus.Completed);
          return stored;
        },
      };
      app.addHook('onClose', () => real.close());
      await app.register(attachmentRoutes, { prefix: '/race', storage: racing });
    },
  });
  for (const wallet of [alice, bob]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
  ({ dealId } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address }));
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('attachments in S3-compatible storage', () => {
  it('stores the upload in the bucket (not on local disk) and serves it back', async () => {
    const pdf = sampleFiles.pdf(7 * MEGABYTE); // more than one multipart-upload part
    const response = await upload(bob, pdf, dealId, 'statement.png');
    expect(response.statusCode).toBe(201);
    const { fileUrl } = response.json<AttachmentUploadResponse>();
    const key = decodeURIComponent(fileUrl.split('/').pop() ?? '');
    expect(key).toMatch(new RegExp(`^${dealId}/[0-9a-f]{32}\\.pdf$`));
    expect(await s3.keys()).toEqual([key]);
    await expect(readdir(join(t.config.dataDir, 'attachments'))).rejects.toThrow(/ENOENT/);

    const file = await t.app.inject({ method: 'GET', url: fileUrl, headers: { authorization: `Bearer ${tokens.get(alice)}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(pdf.length));
    expect(file.rawPayload.equals(Buffer.from(pdf))).toBe(true);
  });

  it('refuses a 6 MB image mid-stream and leaves no object (nor a dangling multipart upload part)', async () => {
    const before = await s3.keys();
    const response = await upload(bob, sampleFiles.png(6 * MEGABYTE));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(FILE_TOO_LARGE);
    expect(await s3.keys()).toEqual(before);
  });

  it('removes the object again when the chat closed while the file was streaming', async () => {
    const { dealId: closing } = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
    closeWhileUploading.add(closing);
    const before = await s3.keys();
    const response = await upload(alice, sampleFiles.png(), closing, 'late.png', '/race');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(CHAT_CLOSED);
    expect(await s3.keys()).toEqual(before);
    const messages = await t.app.db.query.chatMessages.findMany({ where: (m, { eq }) => eq(m.dealId, closing) });
    expect(messages).toEqual([]);
  });
});
