import type { AttachmentMimeType } from '@jelly/domain';

/** The extension an object key gets for each sniffed type (the web renders a link by it, see domain linkKind). */
export const EXTENSION_OF: Readonly<Record<AttachmentMimeType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};
