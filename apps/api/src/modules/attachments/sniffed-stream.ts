import { ATTACHMENT_MAX_BYTES, attachmentKind, sniffMimeType, type AttachmentMimeType } from '@jelly/domain';
import { Readable } from 'node:stream';

/** Bytes read before deciding the type: every signature sniffMimeType knows fits in the first 64. */
export const SNIFF_BYTES = 64;

export type SniffedStream =
  | { ok: false; reason: 'unsupported' }
  | {
      ok: true;
      mimeType: AttachmentMimeType;
      /** The limit for this type, in bytes. */
      maxBytes: number;
      /** The whole file (the sniffed head first), failing with FileTooLargeError once past maxBytes. */
      body: Readable;
      /** True once the body stopped because the file was over its limit. */
      exceeded: () => boolean;
    };

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/**
 * Reads the first bytes of an incoming file, decides its type from them (magic bytes, never the name or the declared
 * type) and returns the rest of the stream capped at that type's limit. The cap is checked chunk by chunk as the
 * bytes arrive, so an oversized file is refused after reading at most one chunk past the limit.
 * `truncated` reports a cut made upstream (the multipart parser's own hard limit).
 */
export async function sniffAndLimit(source: AsyncIterable<Buffer>, truncated: () => boolean): Promise<SniffedStream> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  const mimeType = sniffMimeType(first);
  const kind = mimeType ? attachmentKind(mimeType) : null;
  if (!mimeType || !kind) return { ok: false, reason: 'unsupported' };

  const maxBytes = ATTACHMENT_MAX_BYTES[kind];
  let exceeded = false;
  const tooLarge = () => {
    exceeded = true;
    return new FileTooLargeError(`File is over the ${maxBytes}-byte limit for ${mimeType}`);
  };

  async function* capped(): AsyncGenerator<Buffer> {
    let total = first.length;
    if (total > maxBytes) throw tooLarge();
    yield first;
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      total += next.value.length;
      if (total > maxBytes) throw tooLarge();
      yield next.value;
    }
    if (truncated()) throw tooLarge();
  }

  return { ok: true, mimeType, maxBytes, body: Readable.from(capped(), { objectMode: false }), exceeded: () => exceeded };
}
