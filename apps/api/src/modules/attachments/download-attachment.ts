import { ATTACHMENT_KEY_PATTERN } from '@jelly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import type { ObjectStorage, StoredObject } from '../../storage/object-storage.ts';
import type { AuthUser } from '../auth/index.ts';
import { assertCanReadChat, loadChatDeal, loadSwapRoom } from '../chat/index.ts';
import { findAttachment, type AttachmentRow } from './queries.ts';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

export interface Download {
  attachment: AttachmentRow;
  object: StoredObject;
}

/** An attachment's bytes, for the two parties of its deal (or the owner of its swap) and admins. */
export async function downloadAttachment(
  deps: { db: Database; storage: ObjectStorage; log: FastifyBaseLogger },
  user: AuthUser,
  key: string,
): Promise<Download> {
  if (!ATTACHMENT_KEY_PATTERN.test(key)) throw notFound(ATTACHMENT_NOT_FOUND);
  const attachment = await findAttachment(deps.db, key);
  if (!attachment) throw notFound(ATTACHMENT_NOT_FOUND);
  if (attachment.swapId !== null) {
    await loadSwapRoom(deps.db, attachment.swapId, user);
  } else {
    const deal = await loadChatDeal(deps.db, attachment.dealId ?? 0, ATTACHMENT_NOT_FOUND);
    assertCanReadChat(deal, user);
  }
  const object = await deps.storage.get(key);
  if (!object) {
    deps.log.error({ key }, 'attachment row without stored bytes');
    throw notFound(ATTACHMENT_NOT_FOUND);
  }
  return { attachment, object };
}

/** `inline` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function inlineDisposition(originalName: string): string {
  const fallback = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
