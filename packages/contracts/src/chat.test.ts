import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_KEY_PATTERN,
  attachmentFileUrl,
  attachmentUploadFields,
  isAttachmentFileUrl,
} from './attachments.ts';
import { addChatMessageRequest, CHAT_MESSAGE_MAX_LENGTH, chatMessagesQuery } from './chat.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const base = { dealId: 12, accountId: WALLET, content: 'hello', createdAtUtc: '2026-01-02T03:04:05.000Z' };

describe('chat contracts', () => {
  it('accepts a message and coerces a numeric-string deal id', () => {
    expect(addChatMessageRequest.parse({ ...base, dealId: '12' }).dealId).toBe(12);
  });

  it.each([
    [{ content: '   \n ' }, 'A message needs some text.'],
    [{ content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, 'at most 2000 characters'],
    [{ dealId: 0 }, 'Order id must be positive'],
    [{ accountId: 'not-a-wallet' }, 'Invalid wallet address'],
  ])('refuses %j', (patch, message) => {
    const result = addChatMessageRequest.safeParse({ ...base, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });

  it('takes exactly 2000 characters', () => {
    expect(addChatMessageRequest.safeParse({ ...base, content: 'y'.repeat(CHAT_MESSAGE_MAX_LENGTH) }).success).toBe(true);
  });

  it('bounds the page size of the message list', () => {
    expect(chatMessagesQuery.safeParse({ after: '5', limit: '500' }).data).toEqual({ after: 5, limit: 500 });
    expect(chatMessagesQuery.safeParse({ limit: '501' }).success).toBe(false);
    expect(chatMessagesQuery.safeParse({ after: '-1' }).success).toBe(false);
  });
});

describe('attachment contracts', () => {
  it('builds download URLs that keep the extension visible and are recognised as ours', () => {
    const url = attachmentFileUrl('12/0123456789abcdef0123456789abcdef.png');
    expect(url).toBe('/api/attachments/download/attachments/12%2F0123456789abcdef0123456789abcdef.png');
    expect(isAttachmentFileUrl(url)).toBe(true);
    expect(isAttachmentFileUrl('https://example.com/x.png')).toBe(false);
  });

  it.each(['../1/0123456789abcdef0123456789abcdef.png', '1/0123456789abcdef0123456789abcdef.exe', '1/short.png', '0/0123456789abcdef0123456789abcdef.png'])(
    'object key pattern refuses %s',
    (key) => {
      expect(ATTACHMENT_KEY_PATTERN.test(key)).toBe(false);
    },
  );

  it('requires Bucket 2 in the upload form', () => {
    expect(attachmentUploadFields.safeParse({ RoomId: '3', UserId: WALLET, Bucket: '2' }).success).toBe(true);
    expect(attachmentUploadFields.safeParse({ RoomId: '3', UserId: WALLET, Bucket: '1' }).error?.issues[0]?.message).toBe(
      'Bucket must be 2',
    );
  });
});
