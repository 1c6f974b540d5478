import type { AttachmentUploadResponse, ChatMessage } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeal } from '../../../test/helpers/chat-deals.ts';
import { insertSwap as insertSwapRow } from '../../../test/helpers/chat-swaps.ts';
import { multipartBody, type FormPart } from '../../../test/helpers/multipart.ts';
import { sampleFiles } from '../../../test/helpers/sample-files.ts';
import { signIn } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { NOT_YOUR_ACCOUNT } from './add-message.ts';
import { NOT_THE_SWAP_OWNER, SWAP_CHAT_NOT_FOUND } from './swap-room.ts';

let t: TestApp;
const owner = createWallet();
const stranger = createWallet();
const admin = createWallet();
const tokens = new Map<TestWallet, string>();
let swapId: number;

const bearer = (wallet: TestWallet) => ({ authorization: `Bearer ${tokens.get(wallet)}` });
const url = (id: number | string) => `/api/chat/swaps/${id}/messages`;

function send(wallet: TestWallet, id: number, content: string, accountId = wallet.address) {
  return t.app.inject({ method: 'POST', url: url(id), headers: bearer(wallet), payload: { accountId, content, createdAtUtc: '2026-11-25T10:00:00.000Z' } });
}
function read(wallet: TestWallet | null, id: number | string, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: url(id), headers: wallet ? bearer(wallet) : {}, query });
}

const insertSwap = (wallet: string) => insertSwapRow(t.app.db, wallet);

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([admin.address]) } });
  for (const wallet of [owner, stranger, admin]) tokens.set(wallet, (await signIn(t.app, wallet)).body.accessToken);
  swapId = await insertSwap(owner.address);
});

afterAll(async () => {
  await t?.close();
});

describe('swap chat', () => {
  it('needs a signed-in user', async () => {
    expect((await read(null, swapId)).statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: url(swapId), payload: { accountId: owner.address, content: 'hi', createdAtUtc: '2026-11-25T10:00:00.000Z' } });
    expect(post.statusCode).toBe(401);
  });

  it('the owner and the admins talk in the room, oldest first; each message names its swap, not a deal', async () => {
    const id = await insertSwap(owner.address);
    expect((await send(owner, id, 'Where is my SOL?')).statusCode).toBe(201);
    expect((await send(admin, id, 'Landed: see the txID.')).statusCode).toBe(201);
    for (const reader of [owner, admin]) {
      const response = await read(reader, id);
      expect(response.statusCode).toBe(200);
      const messages = response.json<ChatMessage[]>();
      expect(messages.map((m) => [m.accountId, m.content])).toEqual([
        [owner.address, 'Where is my SOL?'],
        [admin.address, 'Landed: see the txID.'],
      ]);
      expect(messages.every((m) => m.swapId === id && m.dealId === null)).toBe(true);
    }
    const after = (await read(owner, id)).json<ChatMessage[]>()[0]!.id;
    expect((await read(owner, id, { after: String(after) })).json<ChatMessage[]>().map((m) => m.content)).toEqual(['Landed: see the txID.']);
  });

  it('anyone else gets 403, reading or writing, and nothing is written', async () => {
    const id = await insertSwap(owner.address);
    const readResponse = await read(stranger, id);
    expect(readResponse.statusCode).toBe(403);
    expect(readResponse.json().error.message).toBe(NOT_THE_SWAP_OWNER);
    const post = await send(stranger, id, 'let me in');
    expect(post.statusCode).toBe(403);
    expect(post.json().error.message).toBe(NOT_THE_SWAP_OWNER);
    expect((await read(owner, id)).json<ChatMessage[]>()).toEqual([]);
  });

  it('a swap that does not exist is 404; a bad id or body is 400, never 500', async () => {
    const missing = await read(owner, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(SWAP_CHAT_NOT_FOUND);
    expect((await send(admin, 999_999, 'hello')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await read(owner, bad)).statusCode).toBe(400);
    expect((await send(owner, swapId, '   ')).statusCode).toBe(400);
    expect((await send(owner, swapId, 'x'.repeat(2001))).statusCode).toBe(400);
  });

  it("posting in someone else's name is refused", async () => {
    const response = await send(owner, swapId, 'pretending', admin.address);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(NOT_YOUR_ACCOUNT);
  });

  it('a swap room and a deal room with the same id stay apart', async () => {
    const { dealId } = await insertDeal(t.app.db, { creator: stranger.address, acceptor: admin.address });
    const id = await insertSwap(owner.address);
    expect((await send(owner, id, 'swap room')).statusCode).toBe(201);
    const dealRoom = await t.app.inject({ method: 'GET', url: `/api/chat/rooms/${dealId}/messages`, headers: bearer(stranger) });
    expect(dealRoom.json<ChatMessage[]>().some((m) => m.content === 'swap room')).toBe(false);
  });

  it('attachments: the owner uploads to the room (SwapId), the owner and admins download it, anyone else 403', async () => {
    const id = await insertSwap(owner.address);
    const parts = (wallet: TestWallet): FormPart[] => [
      { name: 'SwapId', value: String(id) },
      { name: 'UserId', value: wallet.address },
      { name: 'File', filename: 'receipt.png', contentType: 'image/png', data: sampleFiles.png() },
      { name: 'Bucket', value: '2' },
    ];
    const upload = async (wallet: TestWallet) => {
      const { payload, headers } = await multipartBody(parts(wallet));
      return t.app.inject({ method: 'POST', url: '/api/attachments/upload', headers: { ...headers, ...bearer(wallet) }, payload });
    };
    expect((await upload(stranger)).statusCode).toBe(403);
    const uploaded = await upload(owner);
    expect(uploaded.statusCode).toBe(201);
    const { fileUrl } = uploaded.json<AttachmentUploadResponse>();
    const message = (await read(owner, id)).json<ChatMessage[]>().at(-1)!;
    expect(message).toMatchObject({ fileUrl, swapId: id, dealId: null });
    for (const wallet of [owner, admin]) expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: bearer(wallet) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: bearer(stranger) })).statusCode).toBe(403);

    // Naming both rooms, or neither, is a 400.
    const both = await multipartBody([{ name: 'RoomId', value: '1' }, ...parts(owner)]);
    const response = await t.app.inject({ method: 'POST', url: '/api/attachments/upload', headers: { ...both.headers, ...bearer(owner) }, payload: both.payload });
    expect(response.statusCode).toBe(400);
  });
});
