/** Chat attachment rules and a magic-bytes sniffer for the allowed types. */
import { IMAGE_MAX_BYTES, MEGABYTE, PDF_MAX_BYTES, VIDEO_MAX_BYTES } from './constants.ts';
import { FILE_TOO_LARGE, UNSUPPORTED_FILE_TYPE } from './messages.ts';
import { type Check, fail, pass } from './result.ts';

export type AttachmentKind = 'image' | 'pdf' | 'video';

export const ALLOWED_ATTACHMENT_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'application/pdf': 'pdf',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
} as const satisfies Record<string, AttachmentKind>;
export type AttachmentMimeType = keyof typeof ALLOWED_ATTACHMENT_TYPES;

/** Size limits; MB = 1024 × 1024 bytes, limits inclusive. */
export const ATTACHMENT_MAX_BYTES: Readonly<Record<AttachmentKind, number>> = {
  image: IMAGE_MAX_BYTES,
  pdf: PDF_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
};

/** The `accept` attribute value for file inputs. */
export const ATTACHMENT_ACCEPT = Object.keys(ALLOWED_ATTACHMENT_TYPES).join(',');

export function isAllowedAttachmentType(mimeType: string): mimeType is AttachmentMimeType {
  return Object.hasOwn(ALLOWED_ATTACHMENT_TYPES, mimeType.toLowerCase());
}

export function attachmentKind(mimeType: string): AttachmentKind | null {
  const type = mimeType.toLowerCase();
  return isAllowedAttachmentType(type) ? ALLOWED_ATTACHMENT_TYPES[type] : null;
}

/** Type and size check of a file (browser File or upload part): 'Unsupported file type…' or 'to large file'. */
export function checkAttachment(file: { readonly type: string; readonly size: number }): Check<AttachmentKind> {
  const kind = attachmentKind(file.type);
  if (!kind) return fail(UNSUPPORTED_FILE_TYPE);
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > ATTACHMENT_MAX_BYTES[kind]) return fail(FILE_TOO_LARGE);
  return pass(kind);
}

/**
 * A file size for people: bytes under 1 KB, whole KB under 1 MB (never '0.00 MB'), MB with 2 decimals from there
 * ('1.50 MB'). KB = 1024 bytes, MB = 1024 KB.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MEGABYTE) return `${Math.min(1023, Math.round(bytes / 1024))} KB`;
  return `${(bytes / MEGABYTE).toFixed(2)} MB`;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

/** ISO base-media brands that are MP4 video (HEIC/AVIF images and 3GP share the container and are refused). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4', 'MSNV', 'f4v ']);
/** Classic QuickTime files without an ftyp box start with one of these atoms. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function sniffIsoMedia(bytes: Uint8Array): AttachmentMimeType | null {
  const box = ascii(bytes, 4, 4);
  if (box === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'qt  ') return 'video/quicktime';
    return MP4_BRANDS.has(brand) ? 'video/mp4' : null;
  }
  return QUICKTIME_ATOMS.has(box) ? 'video/quicktime' : null;
}

/** EBML header whose DocType is 'webm' (plain Matroska is refused). */
function isWebm(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  const head = ascii(bytes, 0, Math.min(bytes.length, 64));
  const docType = head.indexOf('\x42\x82');
  return docType >= 0 && head.slice(docType + 3, docType + 7) === 'webm';
}

/**
 * The real type of a file from its first bytes (give at least the first 64), or null when it is none of the
 * allowed types. The server trusts this, not the client's declared type.
 */
export function sniffMimeType(bytes: Uint8Array): AttachmentMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (isWebm(bytes)) return 'video/webm';
  return sniffIsoMedia(bytes);
}

export type LinkKind = 'image' | 'video' | 'pdf' | 'link';

const LINK_EXTENSIONS: Readonly<Record<string, LinkKind>> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  pdf: 'pdf',
};

/** How a chat message link renders: by the file extension of its path (query and fragment ignored). */
export function linkKind(url: string): LinkKind {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && LINK_EXTENSIONS[ext]) || 'link';
}

/** The first http(s) link in a message text, or null. */
export function firstLink(text: string): string | null {
  return /https?:\/\/[^\s<>"']+/i.exec(text)?.[0] ?? null;
}
