import { describe, expect, it } from 'vitest';
import { canAccessDealChat, checkChatPost, checkChatUpload, decideChatSend } from './chat-guards.ts';

const ready = { orderStatus: 8, wallet: 'W', signedIn: true };

describe('chat send', () => {
  it.each([
    ['sends trimmed text', ready, ' hi ', false, { action: 'send', text: 'hi' }],
    ['sends a file without text', ready, '', true, { action: 'send', text: '' }],
    ['ignores empty text without a file', ready, '   ', false, { action: 'ignore' }],
    ['order not found', { ...ready, orderStatus: null }, 'hi', false, { action: 'error', error: 'Cannot send: order not found.' }],
    ['no wallet', { ...ready, wallet: null }, 'hi', false, { action: 'error', error: 'Connect your wallet to send messages.' }],
    ['not signed in', { ...ready, signedIn: false }, 'hi', false, { action: 'error', error: 'Please sign in to send messages.' }],
    ['completed', { ...ready, orderStatus: 3 }, 'hi', false, { action: 'error', error: 'This chat is closed for this order.' }],
    ['cancelled', { ...ready, orderStatus: 4 }, 'hi', false, { action: 'error', error: 'This chat is closed for this order.' }],
    ['admin resolving stays open', { ...ready, orderStatus: 5 }, 'hi', false, { action: 'send', text: 'hi' }],
  ] as const)('%s', (_name, ctx, text, hasFile, expected) => {
    expect(decideChatSend(ctx, text, hasFile)).toEqual(expected);
  });
});

describe('chat upload', () => {
  const png = { type: 'image/png', size: 1000 };
  it.each([
    ['ok', ready, png, { ok: true, value: 'image' }],
    ['order not found', { ...ready, orderStatus: undefined }, png, { ok: false, error: 'Cannot upload: order not found.' }],
    ['no wallet', { ...ready, wallet: '' }, png, { ok: false, error: 'Connect your wallet to upload files.' }],
    ['not signed in', { ...ready, signedIn: false }, png, { ok: false, error: 'Please sign in to upload files.' }],
    ['closed', { ...ready, orderStatus: 3 }, png, { ok: false, error: 'This chat is closed for this order.' }],
    ['too large', ready, { type: 'image/png', size: 6 * 1024 * 1024 }, { ok: false, error: 'to large file' }],
    [
      'wrong type',
      ready,
      { type: 'application/zip', size: 10 },
      { ok: false, error: 'Unsupported file type. Allowed: images (jpeg, png, gif, webp), pdf, videos (mp4, webm, mov).' },
    ],
  ] as const)('%s', (_name, ctx, file, expected) => {
    expect(checkChatUpload(ctx, file)).toEqual(expected);
  });
});

describe('chat access', () => {
  const order = { creatorWallet: 'C', acceptorWallet: 'A', offerSide: 0, status: 8 };
  it.each([
    ['C', false, true],
    ['A', false, true],
    ['X', false, false],
    ['X', true, true],
    [null, false, false],
  ])('%s (admin %s) → %s', (wallet, isAdmin, allowed) => {
    expect(canAccessDealChat(order, wallet, isAdmin)).toBe(allowed);
  });

  it('refuses strangers and closed chats', () => {
    expect(checkChatPost(order, 'C', false)).toEqual({ ok: true, value: undefined });
    expect(checkChatPost(order, 'X', false)).toEqual({ ok: false, error: 'Only the parties of this deal can use its chat' });
    expect(checkChatPost({ ...order, status: 4 }, 'C', false)).toEqual({ ok: false, error: 'This chat is closed for this order.' });
  });
});
