import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  ATTACHMENT_BUCKET,
  ATTACHMENT_FIELDS,
  attachmentFileUrl,
  attachmentUploadFields,
  type AttachmentUploadResponse,
} from '@jelly/contracts';
import { CHAT_UPLOAD_ORDER_NOT_FOUND, FILE_TOO_LARGE, UNSUPPORTED_FILE_TYPE, type AttachmentMimeType } from '@jelly/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import type { AuthUser } from '../auth/index.ts';
import {
  assertCanPostChat,
  chatClosed,
  insertAttachmentMessageIfOpen,
  insertSwapAttachmentMessage,
  loadChatDeal,
  loadSwapRoom,
} from '../chat/index.ts';
import { EXTENSION_OF } from './file-extensions.ts';
import { FileTooLargeError, sniffAndLimit } from './sniffed-stream.ts';

export interface UploadDeps {
  db: Database;
  storage: ObjectStorage;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The desk (config.adminWallets): told of a swap owner's files. */
  admins: ReadonlySet<string>;
}

export const FIELDS_BEFORE_FILE = `${ATTACHMENT_FIELDS.roomId} (or ${ATTACHMENT_FIELDS.swapId}) and ${ATTACHMENT_FIELDS.userId} must come before ${ATTACHMENT_FIELDS.file} in the form.`;
export const NOT_YOUR_USER_ID = 'UserId must be your own (signed-in) wallet.';
export const FILE_REQUIRED = 'File is required.';

const KNOWN_FIELDS = new Set<string>(Object.values(ATTACHMENT_FIELDS));
const roomAndUser = attachmentUploadFields;

/** The room a file goes to: a deal's (closed once the deal ends) or a swap's. */
type Room = { kind: 'deal'; dealId: number } | { kind: 'swap'; swapId: number; owner: string };
const keyPrefix = (room: Room) => (room.kind === 'deal' ? String(room.dealId) : `s${room.swapId}`);

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE);
const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_FILE_TYPE);

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid form';
}

/** The uploader's file name for display only: no folders, no control characters, at most 200 characters. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'attachment';
}

interface StoredFile {
  key: string;
  mimeType: AttachmentMimeType;
  size: number;
  originalName: string;
  sha256: string;
}

/**
 * POST /attachments/upload: authorises the caller from RoomId/UserId before reading the file, decides the file's
 * type from its first bytes, streams it to storage with that type's size cap, then records it as a chat message.
 * Anything that fails after the bytes were stored removes them again.
 */
export async function uploadAttachment(
  deps: UploadDeps,
  user: AuthUser,
  parts: AsyncIterable<Multipart>,
): Promise<AttachmentUploadResponse> {
  const fields: Record<string, string> = {};
  let room: Room | null = null;
  let stored: StoredFile | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!KNOWN_FIELDS.has(part.fieldname) || part.fieldname === ATTACHMENT_FIELDS.file) {
          throw badRequest(`Unexpected form field: ${part.fieldname}`);
        }
        if (part.fieldname in fields) throw badRequest(`Form field sent twice: ${part.fieldname}`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== ATTACHMENT_FIELDS.file) {
        throw badRequest(`Unexpected file field: ${part.fieldname} (send the file as File)`);
      }
      if (stored) throw badRequest('Send one file per upload.');
      room = await authorise(deps.db, user, fields);
      stored = await storeFile(deps.storage, keyPrefix(room), part);
    }
    if (!stored || !room) throw badRequest(FILE_REQUIRED);

    const form = attachmentUploadFields.safeParse(fields);
    if (!form.success) throw badRequest(firstIssue(form.error));

    const fileUrl = attachmentFileUrl(stored.key);
    const message = {
      senderWallet: user.wallet,
      caption: form.data.Content?.trim() ?? '',
      fileUrl,
      objectKey: stored.key,
      originalName: stored.originalName,
      contentType: stored.mimeType,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      createdAt: deps.now(),
    };
    const messageId =
      room.kind === 'swap'
        ? await insertSwapAttachmentMessage(deps.db, { ...message, room, admins: deps.admins })
        : await insertAttachmentMessageIfOpen(deps.db, { ...message, dealId: room.dealId });
    if (messageId === undefined) throw chatClosed();
    return { fileUrl, messageId };
  } catch (error) {
    if (stored) {
      const { key } = stored;
      await deps.storage.delete(key).catch((cleanupError: unknown) => {
        deps.log.error({ err: cleanupError, key }, 'could not remove an attachment after a failed upload');
      });
    }
    throw error;
  }
}

async function authorise(db: Database, user: AuthUser, fields: Record<string, string>): Promise<Room> {
  const hasRoom = fields[ATTACHMENT_FIELDS.roomId] !== undefined || fields[ATTACHMENT_FIELDS.swapId] !== undefined;
  if (!hasRoom || fields[ATTACHMENT_FIELDS.userId] === undefined) throw badRequest(FIELDS_BEFORE_FILE);
  // Bucket and the caption may follow the file: only the room and the user are checked here.
  const parsed = roomAndUser.safeParse({ Bucket: ATTACHMENT_BUCKET, ...fields, Content: undefined });
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  if (parsed.data.UserId !== user.wallet) throw forbidden(NOT_YOUR_USER_ID);
  if (parsed.data.SwapId !== undefined) {
    const room = await loadSwapRoom(db, parsed.data.SwapId, user);
    return { kind: 'swap', swapId: room.swapId, owner: room.owner };
  }
  const deal = await loadChatDeal(db, parsed.data.RoomId ?? 0, CHAT_UPLOAD_ORDER_NOT_FOUND);
  assertCanPostChat(deal, user);
  return { kind: 'deal', dealId: deal.orderId };
}

async function storeFile(storage: ObjectStorage, prefix: string, part: MultipartFile): Promise<StoredFile> {
  const sniffed = await sniffAndLimit(part.file, () => part.file.truncated);
  if (!sniffed.ok) throw unsupported();
  const key = `${prefix}/${randomBytes(16).toString('hex')}.${EXTENSION_OF[sniffed.mimeType]}`;
  const originalName = displayName(part.filename);
  try {
    // The hash is kept as evidence: an admin can show a file is the one uploaded during the deal.
    const hash = createHash('sha256');
    const body = Readable.from(
      (async function* hashing() {
        for await (const chunk of sniffed.body as AsyncIterable<Buffer>) {
          hash.update(chunk);
          yield chunk;
        }
      })(),
    );
    const { size } = await storage.put(key, body, { contentType: sniffed.mimeType, originalName });
    return { key, mimeType: sniffed.mimeType, size, originalName, sha256: hash.digest('hex') };
  } catch (error) {
    if (sniffed.exceeded() || error instanceof FileTooLargeError) throw tooLarge();
    throw error;
  }
}
