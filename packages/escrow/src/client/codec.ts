// Little-endian / Borsh primitives shared by the instruction builders, account decoders and event parser.
import { PublicKey } from '@solana/web3.js';

const U64_MAX = (1n << 64n) - 1n;

/** A u64 from a bigint or a safe integer; throws a RangeError outside 0..2^64-1. */
export function toU64(value: bigint | number, name = 'value'): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer`);
  const big = BigInt(value);
  if (big < 0n || big > U64_MAX) throw new RangeError(`${name} must fit in a u64`);
  return big;
}

export function u64Bytes(value: bigint | number, name?: string): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, toU64(value, name), true);
  return out;
}

/** Sequential Borsh writer into a growable byte list. */
export class BorshWriter {
  private readonly parts: number[] = [];

  bytes(value: Uint8Array): this {
    for (const b of value) this.parts.push(b);
    return this;
  }
  u8(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }
  bool(value: boolean): this {
    return this.u8(value ? 1 : 0);
  }
  u16(value: number): this {
    return this.u8(value).u8(value >>> 8);
  }
  u32(value: number): this {
    return this.u16(value & 0xffff).u16(value >>> 16);
  }
  u64(value: bigint | number, name?: string): this {
    return this.bytes(u64Bytes(value, name));
  }
  pubkey(value: PublicKey): this {
    return this.bytes(value.toBytes());
  }
  toBuffer(): Buffer {
    return Buffer.from(this.parts);
  }
}

/** Sequential Borsh reader; throws when the data runs out. */
export class BorshReader {
  private offset: number;
  private readonly view: DataView;

  constructor(
    private readonly data: Uint8Array,
    offset = 0,
  ) {
    this.offset = offset;
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  private take(size: number): number {
    const at = this.offset;
    if (at + size > this.data.length) throw new RangeError(`data too short: need ${at + size} bytes, have ${this.data.length}`);
    this.offset += size;
    return at;
  }
  u8(): number {
    return this.view.getUint8(this.take(1));
  }
  bool(): boolean {
    const v = this.u8();
    if (v > 1) throw new RangeError(`invalid bool byte ${v}`);
    return v === 1;
  }
  u16(): number {
    return this.view.getUint16(this.take(2), true);
  }
  u32(): number {
    return this.view.getUint32(this.take(4), true);
  }
  u64(): bigint {
    return this.view.getBigUint64(this.take(8), true);
  }
  i64(): bigint {
    return this.view.getBigInt64(this.take(8), true);
  }
  pubkey(): PublicKey {
    const at = this.take(32);
    return new PublicKey(this.data.subarray(at, at + 32));
  }
  optionPubkey(): PublicKey | null {
    const tag = this.u8();
    if (tag === 0) return null;
    if (tag !== 1) throw new RangeError(`invalid option tag ${tag}`);
    return this.pubkey();
  }
  get position(): number {
    return this.offset;
  }
}

export function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  if (data.length < prefix.length) return false;
  return prefix.every((b, i) => data[i] === b);
}
