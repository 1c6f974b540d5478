import { checkChatUpload, sniffMimeType, type AttachmentKind, type ChatContext } from '@jelly/domain';

export type PickedFileCheck = { ok: true; kind: AttachmentKind; mimeType: string } | { ok: false; error: string };

/**
 * Checks a file the user picked or dropped the way the server will: the chat guards first ('Cannot upload: order not
 * found.', …), then the type from the file's first bytes (a PDF renamed .png is a PDF; an .exe renamed .jpg is
 * refused), then that type's size limit.
 */
export async function checkPickedFile(ctx: ChatContext, file: Blob): Promise<PickedFileCheck> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const sniffed = sniffMimeType(head);
  const check = checkChatUpload(ctx, { type: sniffed ?? '', size: file.size });
  if (!check.ok) return { ok: false, error: check.error };
  // A passing check means the sniffed type is one of the allowed ones.
  return { ok: true, kind: check.value, mimeType: sniffed ?? '' };
}
