import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { programBytes, programSha256, sameProgram } from './program-hash.ts';

const so = readFileSync(fileURLToPath(new URL('../program/jelly_escrow.so', import.meta.url)));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const zeros = (n: number) => Buffer.alloc(n);

describe('the program bytes of a .so and of its deployed copy', () => {
  it('are the whole committed file, though it ends in zero bytes (its section header table ends it)', () => {
    expect(so[so.length - 1]).toBe(0);
    expect(programBytes(so).length).toBe(so.length);
    expect(programSha256(so)).toBe(sha256(so));
  });

  it('leave out the loader’s zero padding after the program, so the file and its deployed copy hash alike', () => {
    const deployed = Buffer.concat([so, zeros(20_000)]);
    expect(programSha256(deployed)).toBe(sha256(so));
    expect(sameProgram(deployed, so)).toBe(true);
  });

  it('keep every non-zero byte after the ELF: a larger build hashes differently from the one it replaced', () => {
    const larger = Buffer.concat([so, Buffer.of(0x6a), zeros(5)]);
    expect(programBytes(larger).length).toBe(so.length + 1);
    expect(programSha256(Buffer.concat([larger, zeros(10_000)]))).toBe(sha256(Buffer.concat([so, Buffer.of(0x6a)])));
    expect(sameProgram(larger, so)).toBe(false);
  });

  it('hash anything that is not an ELF up to its last non-zero byte', () => {
    expect(programBytes(Buffer.from([1, 2, 0, 3, 0, 0])).length).toBe(4);
    expect(programBytes(zeros(8)).length).toBe(0);
  });
});
