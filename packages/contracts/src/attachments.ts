import { z } from 'zod';
import { chatDealId, chatSwapId } from './chat.ts';
import { walletAddress } from './common.ts';
import { API_PREFIX } from './paths.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Chat attachments:
 * POST /attachments/upload (multipart) and GET /attachments/download/attachments/{encoded key}.
 */

/**
 * The multipart field names. The room (RoomId: a deal; SwapId: a swap; exactly one) and UserId must come before File
 * (the server authorises before reading it).
 */
export const ATTACHMENT_FIELDS = {
  roomId: 'RoomId',
  swapId: 'SwapId',
  userId: 'UserId',
  file: 'File',
  bucket: 'Bucket',
  /** Optional caption, stored as the chat message's text. */
  caption: 'Content',
} as const;

/** The Bucket value clients send for chat attachments. */
export const ATTACHMENT_BUCKET = '2';

/** The text fields of the upload form, as the server validates them. */
export const attachmentUploadFields = lazySchema(() => z
  .object({
    RoomId: chatDealId.optional(),
    SwapId: chatSwapId.optional(),
    UserId: walletAddress,
    Bucket: z.literal(ATTACHMENT_BUCKET, { error: `Bucket must be ${ATTACHMENT_BUCKET}` }),
    Content: z.string().max(2000, 'A caption can have at most 2000 characters.').optional(),
  })
  .refine((fields) => (fields.RoomId === undefined) !== (fields.SwapId === undefined), {
    path: ['RoomId'],
    message: 'Send either RoomId (a deal) or SwapId (a swap)',
  }));

export const attachmentUploadResponse = lazySchema(() => z.object({
  /** Download path of the stored file, also the chat message's fileUrl. */
  fileUrl: z.string(),
  /** The chat message created for the attachment. */
  messageId: z.number().int().positive(),
}));
export type AttachmentUploadResponse = z.infer<typeof attachmentUploadResponse>;

/**
 * Object keys are made by the server: `<dealId>/<32 hex>.<extension of the sniffed type>` in a deal's room,
 * `s<swapId>/…` in a swap's.
 */
export const ATTACHMENT_KEY_PATTERN = /^s?[1-9]\d{0,18}\/[0-9a-f]{32}\.(jpg|png|gif|webp|pdf|mp4|webm|mov)$/;
export const attachmentKey = lazySchema(() => z.string().regex(ATTACHMENT_KEY_PATTERN, 'Unknown attachment'));

export const attachmentPaths = {
  upload: '/attachments/upload',
  /** Route pattern of the download (relative to /api). */
  downloadRoute: '/attachments/download/attachments/:key',
} as const;

const DOWNLOAD_URL_PREFIX = `${API_PREFIX}/attachments/download/attachments/`;

/** The fileUrl of a stored attachment: a site-relative path under /api (fetch it with the bearer token). */
export function attachmentFileUrl(key: string): string {
  return `${DOWNLOAD_URL_PREFIX}${encodeURIComponent(key)}`;
}

/** Whether a chat fileUrl points at our own attachment download (which needs the bearer token). */
export function isAttachmentFileUrl(url: string): boolean {
  return url.startsWith(DOWNLOAD_URL_PREFIX);
}
