import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT, attachmentKind, checkAttachment, firstLink, formatFileSize, linkKind, sniffMimeType } from './attachments.ts';

const MB = 1024 * 1024;
const TYPE_ERROR = 'Unsupported file type. Allowed: images (jpeg, png, gif, webp), pdf, videos (mp4, webm, mov).';

describe('checkAttachment', () => {
  it.each([
    ['image/jpeg', 5 * MB, { ok: true, value: 'image' }],
    ['image/png', 1, { ok: true, value: 'image' }],
    ['image/gif', 0, { ok: true, value: 'image' }],
    ['image/webp', 5 * MB + 1, { ok: false, error: 'to large file' }],
    ['IMAGE/PNG', 100, { ok: true, value: 'image' }],
    ['application/pdf', 10 * MB, { ok: true, value: 'pdf' }],
    ['application/pdf', 10 * MB + 1, { ok: false, error: 'to large file' }],
    ['video/mp4', 30 * MB, { ok: true, value: 'video' }],
    ['video/webm', 30 * MB + 1, { ok: false, error: 'to large file' }],
    ['video/quicktime', 12 * MB, { ok: true, value: 'video' }],
    ['image/svg+xml', 10, { ok: false, error: TYPE_ERROR }],
    ['text/html', 10, { ok: false, error: TYPE_ERROR }],
    ['video/x-matroska', 10, { ok: false, error: TYPE_ERROR }],
    ['', 10, { ok: false, error: TYPE_ERROR }],
    ['image/png', -1, { ok: false, error: 'to large file' }],
    ['image/png', NaN, { ok: false, error: 'to large file' }],
  ])('%s of %i bytes', (type, size, expected) => {
    expect(checkAttachment({ type, size })).toEqual(expected);
  });

  it('offers an accept list and kind lookup', () => {
    expect(ATTACHMENT_ACCEPT.split(',')).toHaveLength(8);
    expect(attachmentKind('video/quicktime')).toBe('video');
    expect(attachmentKind('application/zip')).toBeNull();
  });

  it('shows sizes in B, KB under 1 MB, then MB', () => {
    expect(formatFileSize(1.5 * MB)).toBe('1.50 MB');
    expect(formatFileSize(MB)).toBe('1.00 MB');
    expect(formatFileSize(MB - 1)).toBe('1023 KB');
    expect(formatFileSize(350 * 1024 + 100)).toBe('350 KB');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(123)).toBe('123 B');
    expect(formatFileSize(0)).toBe('0 B');
  });
});

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe('sniffMimeType', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'image/png'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF87a', bytes('GIF87a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['MP4 (isom)', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'), 'video/mp4'],
    ['MP4 (mp42)', bytes([0, 0, 0, 0x18], 'ftypmp42'), 'video/mp4'],
    ['MOV (ftyp qt)', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0]), 'video/quicktime'],
    ['MOV (classic wide atom)', bytes([0, 0, 0, 8], 'wide'), 'video/quicktime'],
    ['MOV (classic moov atom)', bytes([0, 0, 0x10, 0], 'moov'), 'video/quicktime'],
    [
      'WebM',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x84], 'webm'),
      'video/webm',
    ],
  ])('%s', (_name, data, type) => {
    expect(sniffMimeType(data)).toBe(type);
  });

  it.each([
    ['empty', bytes()],
    ['too short JPEG', bytes([0xff, 0xd8])],
    ['Matroska (not WebM)', bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska')],
    ['HEIC image in an ISO container', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['AVIF image', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['3GP video', bytes([0, 0, 0, 0x14], 'ftyp3gp4')],
    ['WAV in RIFF', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['ZIP', bytes('PK', [3, 4])],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!DOCTYPE html>')],
    ['plain text', bytes('hello world')],
  ])('refuses %s', (_name, data) => {
    expect(sniffMimeType(data)).toBeNull();
  });
});

describe('links in chat messages', () => {
  it.each([
    ['https://cdn.example.com/a/b/photo.JPG', 'image'],
    ['https://x.io/file.png?sig=abc', 'image'],
    ['https://x.io/clip.mov#t=1', 'video'],
    ['https://x.io/clip.webm', 'video'],
    ['https://x.io/doc.pdf', 'pdf'],
    ['https://x.io/page', 'link'],
    ['https://x.io/archive.zip', 'link'],
    ['https://x.io/?next=a.png', 'link'],
  ])('%s renders as %s', (url, kind) => {
    expect(linkKind(url)).toBe(kind);
  });

  it('finds the first link in a text', () => {
    expect(firstLink('see https://x.io/a.png and http://y.io')).toBe('https://x.io/a.png');
    expect(firstLink('no link here')).toBeNull();
  });
});
