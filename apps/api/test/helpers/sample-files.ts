import { randomBytes } from 'node:crypto';

/** Files whose first bytes are real signatures of their formats, padded to any size with random bytes. */
function padded(head: Uint8Array, size: number): Uint8Array {
  const data = new Uint8Array(Math.max(size, head.length));
  data.set(randomBytes(data.length));
  data.set(head);
  return data;
}

const ascii = (text: string) => new TextEncoder().encode(text);

export const sampleFiles = {
  png: (size = 2048) => padded(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')]), size),
  jpeg: (size = 2048) => padded(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...ascii('JFIF'), 0]), size),
  pdf: (size = 2048) => padded(ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), size),
  mp4: (size = 4096) => padded(new Uint8Array([0, 0, 0, 0x20, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2avc1mp41')]), size),
  /** A Windows executable (MZ header + PE stub text). */
  exe: (size = 4096) => padded(ascii('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.'), size),
  html: () => ascii('<!doctype html><script>alert(document.cookie)</script>'),
};
