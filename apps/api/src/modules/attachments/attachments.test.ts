import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AttachmentUploadResponse, ChatMessage } from '@jelly/contracts';
import {
  CHAT_CLOSED,
  CHAT_UPLOAD_ORDER_NOT_FOUND,
  FILE_TOO_LARGE,
  MEGABYTE,
  OrderStatus,
  UNSUPPORTED_FILE_TYPE,
} from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal, setDealStatus, type TestDeal } from '../../../test/helpers/chat-deals.ts';
import { multipartBody, type FormPart } from '../../../test/helpers/multipart.ts';
import { sampleFiles } from '../../../test/helpers/sample-files.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { NOT_A_PARTY } from '../chat/index.ts';
import { ATTACHMENT_NOT_FOUND } from './download-attachment.ts';
import { FIELDS_BEFORE_FILE, FILE_REQUIRED, NOT_YOUR_USER_ID } from './upload-attachment.ts';

let t: TestApp;
const alice = createWallet();
const bob = createWallet();
const carol = createWallet();
const admin = createWallet();
const tokens = new Map<TestWallet, string>();
let deal: TestDeal;

const bearer = (wallet: TestWallet) => ({ authorization: `Bearer ${tokens.get(wallet)}` });

interface UploadOptions {
  roomId?: number;
  userId?: string;
  filename?: string;
  contentType?: string;
  caption?: string;
  /** Replaces the default part list entirely. */
  parts?: FormPart[];
}

/** Two newly signed-in wallets with a deal between them (each wallet has its own upload rate limit). */
async function freshDeal(): Promise<{ seller: TestWallet; buyer: TestWallet; dealId: number }> {
  const seller = createWallet();
  const buyer = createWallet();
  for (const wallet of [seller, buyer]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
  const { dealId } = await insertDeal(t.app.db, { creator: seller.address, acceptor: buyer.address });
  return { seller, buyer, dealId };
}

async function upload(wallet: TestWallet, data: Uint8Array, options: UploadOptions = {}) {
  const parts: FormPart[] = options.parts ?? [
    { name: 'RoomId', value: String(options.roomId ?? deal.dealId) },
    { name: 'UserId', value: options.userId ?? wallet.address },
    ...(options.caption === undefined ? [] : [{ name: 'Content', value: options.caption }]),
    { name: 'File', filename: options.filename ?? 'photo.png', contentType: options.contentType ?? 'image/png', data },
    { name: 'Bucket', value: '2' },
  ];
  const { payload, headers } = await multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/attachments/upload', headers: { ...headers, ...bearer(wallet) }, payload });
}

function download(wallet: TestWallet | null, fileUrl: string) {
  return t.app.inject({ method: 'GET', url: fileUrl, headers: wallet ? bearer(wallet) : {} });
}

/** Every file under DATA_DIR/attachments (including half-written ones). */
async function storedFiles(): Promise<string[]> {
  const root = join(t.config.dataDir, 'attachments');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
      .sort();
  } catch {
    return [];
  }
}

async function attachmentRows(): Promise<number> {
  return (await t.app.db.query.chatAttachments.findMany()).length;
}

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([admin.address]) } });
  for (const wallet of [alice, bob, carol, admin]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
  deal = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
});

afterAll(async () => {
  await t?.close();
});

describe('attachment upload', () => {
  it('stores a party’s image on local disk and posts it to the chat with its caption', async () => {
    const png = sampleFiles.png(300_000);
    const response = await upload(bob, png, { caption: '  Payment receipt  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json<AttachmentUploadResponse>();
    expect(body.fileUrl).toMatch(new RegExp(`^/api/attachments/download/attachments/${deal.dealId}%2F[0-9a-f]{32}\\.png$`));

    const key = decodeURIComponent(body.fileUrl.split('/').pop() ?? '');
    expect(await storedFiles()).toContain(key);

    const messages = (await t.app.inject({ method: 'GET', url: `/api/chat/rooms/${deal.dealId}/messages`, headers: bearer(alice) })).json<ChatMessage[]>();
    expect(messages.find((m) => m.id === body.messageId)).toMatchObject({
      accountId: bob.address,
      content: 'Payment receipt',
      fileUrl: body.fileUrl,
    });

    const file = await download(alice, body.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(png))).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-length']).toBe(String(png.length));
    expect(file.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/^private/);
  });

  it('decides the type by the bytes: a PDF named .png is stored and served as a PDF', async () => {
    const pdf = sampleFiles.pdf(50_000);
    const response = await upload(alice, pdf, { filename: 'not-really.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { fileUrl } = response.json<AttachmentUploadResponse>();
    expect(fileUrl).toMatch(/\.pdf$/);
    const file = await download(bob, fileUrl);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="not-really.png"');
    const row = await t.app.db.query.chatAttachments.findFirst({
      where: (a, { eq }) => eq(a.objectKey, decodeURIComponent(fileUrl.split('/').pop() ?? '')),
    });
    expect(row).toMatchObject({ contentType: 'application/pdf', originalName: 'not-really.png', sizeBytes: pdf.length });
  });

  it.each([
    ['an .exe renamed .jpg', sampleFiles.exe(), 'holiday.jpg', 'image/jpeg'],
    ['HTML claiming to be a PNG', sampleFiles.html(), 'x.png', 'image/png'],
    ['an empty file', new Uint8Array(0), 'empty.pdf', 'application/pdf'],
  ])('refuses %s by its content and stores nothing', async (_label, data, filename, contentType) => {
    const filesBefore = await storedFiles();
    const rowsBefore = await attachmentRows();
    const { buyer, dealId } = await freshDeal();
    const response = await upload(buyer, data, { filename, contentType, roomId: dealId });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_FILE_TYPE } });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await attachmentRows()).toBe(rowsBefore);
  });

  it('stops a 6 MB image mid-stream with 413 “to large file” and keeps nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await attachmentRows();
    const { buyer, dealId } = await freshDeal();
    const response = await upload(buyer, sampleFiles.jpeg(6 * MEGABYTE), { filename: 'huge.jpg', contentType: 'image/jpeg', roomId: dealId });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: FILE_TOO_LARGE } });
    expect(response.headers.connection).toBe('close');
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await attachmentRows()).toBe(rowsBefore);
  });

  it('applies the limit of the sniffed type: 5 MB image and 6 MB PDF pass, a PDF named .jpg gets the PDF limit', async () => {
    const { buyer, dealId } = await freshDeal();
    const roomId = dealId;
    expect((await upload(buyer, sampleFiles.png(5 * MEGABYTE), { roomId })).statusCode).toBe(201);
    expect((await upload(buyer, sampleFiles.png(5 * MEGABYTE + 1), { roomId })).statusCode).toBe(413);
    const pdfAsJpg = await upload(buyer, sampleFiles.pdf(6 * MEGABYTE), { filename: 'scan.jpg', contentType: 'image/jpeg', roomId });
    expect(pdfAsJpg.statusCode).toBe(201);
    expect((await upload(buyer, sampleFiles.pdf(10 * MEGABYTE + 1), { filename: 'big.pdf', roomId })).statusCode).toBe(413);
  });

  it('refuses a video over 30 MB', async () => {
    const filesBefore = await storedFiles();
    const response = await upload(alice, sampleFiles.mp4(30 * MEGABYTE + 10), { filename: 'clip.mp4', contentType: 'video/mp4' });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(FILE_TOO_LARGE);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('only lets the deal’s parties and admins upload', async () => {
    const stranger = await upload(carol, sampleFiles.png());
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toBe(NOT_A_PARTY);
    expect((await upload(admin, sampleFiles.png())).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/attachments/upload', ...(await multipartBody([])) })).statusCode).toBe(401);
  });

  it('refuses uploading in another wallet’s name', async () => {
    const response = await upload(bob, sampleFiles.png(), { userId: alice.address });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(NOT_YOUR_USER_ID);
  });

  it('answers the not-found message for an unknown deal, and closes uploads with the chat', async () => {
    const unknown = await upload(bob, sampleFiles.png(), { roomId: 987_654 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(CHAT_UPLOAD_ORDER_NOT_FOUND);

    const done = await insertDeal(t.app.db, { creator: alice.address, acceptor: bob.address });
    await setDealStatus(t.app.db, done.dealId, OrderStatus.Completed);
    const filesBefore = await storedFiles();
    const closed = await upload(bob, sampleFiles.png(), { roomId: done.dealId });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(CHAT_CLOSED);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('needs RoomId and UserId before the file, Bucket 2, and a file', async () => {
    const png = sampleFiles.png();
    const fileFirst = await upload(bob, png, {
      parts: [
        { name: 'File', filename: 'a.png', contentType: 'image/png', data: png },
        { name: 'RoomId', value: String(deal.dealId) },
        { name: 'UserId', value: bob.address },
        { name: 'Bucket', value: '2' },
      ],
    });
    expect(fileFirst.statusCode).toBe(400);
    expect(fileFirst.json().error.message).toBe(FIELDS_BEFORE_FILE);

    const filesBefore = await storedFiles();
    const wrongBucket = await upload(bob, png, {
      parts: [
        { name: 'RoomId', value: String(deal.dealId) },
        { name: 'UserId', value: bob.address },
        { name: 'File', filename: 'a.png', contentType: 'image/png', data: png },
        { name: 'Bucket', value: '1' },
      ],
    });
    expect(wrongBucket.statusCode).toBe(400);
    expect(wrongBucket.json().error.message).toBe('Bucket: Bucket must be 2');
    expect(await storedFiles()).toEqual(filesBefore);

    const noFile = await upload(bob, png, {
      parts: [
        { name: 'RoomId', value: String(deal.dealId) },
        { name: 'UserId', value: bob.address },
        { name: 'Bucket', value: '2' },
      ],
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(FILE_REQUIRED);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/attachments/upload',
      headers: bearer(bob),
      payload: { RoomId: deal.dealId },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('upload rate limit', () => {
  it('stops one wallet after 10 uploads a minute, not its counterparty', async () => {
    const { seller, buyer, dealId } = await freshDeal();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await upload(buyer, sampleFiles.png(), { roomId: dealId })).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect((await upload(seller, sampleFiles.png(), { roomId: dealId })).statusCode).toBe(201);
  });
});

describe('attachment download', () => {
  let fileUrl: string;

  beforeAll(async () => {
    const response = await upload(alice, sampleFiles.jpeg(10_000), { filename: 'Квитанция №5 (final).jpg', contentType: 'image/jpeg' });
    fileUrl = response.json<AttachmentUploadResponse>().fileUrl;
  });

  it('serves the deal’s parties and admins, with a safe and exact file name', async () => {
    for (const wallet of [alice, bob, admin]) {
      const response = await download(wallet, fileUrl);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    }
    const disposition = (await download(bob, fileUrl)).headers['content-disposition'];
    expect(disposition).toBe(
      `inline; filename="_________ _5 (final).jpg"; filename*=UTF-8''${encodeURIComponent('Квитанция №5 ')}%28final%29.jpg`,
    );
  });

  it('refuses strangers and anonymous callers', async () => {
    const stranger = await download(carol, fileUrl);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('JFIF');
    expect((await download(null, fileUrl)).statusCode).toBe(401);
  });

  it('answers 404 for unknown or malformed keys', async () => {
    for (const url of [
      `/api/attachments/download/attachments/${deal.dealId}%2F${'0'.repeat(32)}.png`,
      '/api/attachments/download/attachments/..%2F..%2Fjwt-secret',
      '/api/attachments/download/attachments/whatever',
    ]) {
      const response = await download(alice, url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(ATTACHMENT_NOT_FOUND);
    }
  });
});
