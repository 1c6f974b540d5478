// The one rule for "the program's bytes" and their sha256, used by the proof of escrow (endpoint and page), by
// `npm run escrow -- deploy | upgrade` and by `npm run verify:program`, so all of them print the same hash for the
// same program.
//
// A .so file and its deployed copy differ only in what follows the program: the loader's program data account is
// as large as its room (the deploy's max length, or what an upgrade grew it to) and zero-filled past the bytes
// written. The program's bytes are therefore the bytes up to the end of everything its ELF header declares (its
// headers, its program and section header tables, every segment and section stored in the file), or up to the last
// non-zero byte when that lies further: nothing that is not zero is ever left out of the hash. For a linked .so
// this is the whole file (the section header table ends it), so the hash equals `sha256sum` of the file.

import { createHash } from 'node:crypto';

const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46];
const ELF64_HEADER_SIZE = 64;
const SHT_NOBITS = 8; // a section that takes no bytes in the file (.bss)

/** Where everything a little-endian ELF64 header declares ends in the file (0 for anything else). */
function elfEnd(bytes: Uint8Array): number {
  if (bytes.length < ELF64_HEADER_SIZE || ELF_MAGIC.some((b, i) => bytes[i] !== b) || bytes[4] !== 2 || bytes[5] !== 1) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Offsets past the file are clamped: a header cannot make the hash cover bytes that are not there.
  const at = (offset: bigint | number) => Math.min(Number(offset), bytes.length);
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const u16 = (offset: number) => view.getUint16(offset, true);
  const table = (offset: bigint, entrySize: number, count: number) => ({ start: at(offset), entrySize, count });
  const programHeaders = table(u64(0x20), u16(0x36), u16(0x38));
  const sectionHeaders = table(u64(0x28), u16(0x3a), u16(0x3c));
  let end = Math.max(at(u16(0x34)), at(programHeaders.start + programHeaders.entrySize * programHeaders.count), at(sectionHeaders.start + sectionHeaders.entrySize * sectionHeaders.count));
  for (let i = 0; i < programHeaders.count; i++) {
    const entry = programHeaders.start + i * programHeaders.entrySize;
    if (entry + 0x28 > bytes.length) break;
    end = Math.max(end, at(u64(entry + 0x08) + u64(entry + 0x20))); // p_offset + p_filesz
  }
  for (let i = 0; i < sectionHeaders.count; i++) {
    const entry = sectionHeaders.start + i * sectionHeaders.entrySize;
    if (entry + 0x28 > bytes.length) break;
    if (view.getUint32(entry + 0x04, true) === SHT_NOBITS) continue;
    end = Math.max(end, at(u64(entry + 0x18) + u64(entry + 0x20))); // sh_offset + sh_size
  }
  return end;
}

/** The program's bytes in a .so file or in the part of a program data account after its header (rule above). */
export function programBytes(bytes: Uint8Array): Uint8Array {
  let lastNonZero = bytes.length;
  while (lastNonZero > 0 && bytes[lastNonZero - 1] === 0) lastNonZero--;
  return bytes.subarray(0, Math.max(elfEnd(bytes), lastNonZero));
}

/** sha256 (hex) of the program's bytes: the same for a .so file and for its deployed copy. */
export function programSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(programBytes(bytes)).digest('hex');
}

/** The two hold the same program: equal program bytes (so anything after them in either is zero). */
export function sameProgram(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(programBytes(a)).equals(Buffer.from(programBytes(b)));
}
