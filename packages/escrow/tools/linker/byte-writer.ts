/** A growable little-endian byte buffer for building ELF files. */
export class ByteWriter {
  private buffer = new Uint8Array(4096);
  private view = new DataView(this.buffer.buffer);
  private length = 0;

  get offset(): number {
    return this.length;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): this {
    this.reserve(1);
    this.view.setUint8(this.length, value);
    this.length += 1;
    return this;
  }

  u16(value: number): this {
    this.reserve(2);
    this.view.setUint16(this.length, value, true);
    this.length += 2;
    return this;
  }

  u32(value: number): this {
    this.reserve(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
    return this;
  }

  u64(value: bigint | number): this {
    this.reserve(8);
    this.view.setBigUint64(this.length, BigInt(value), true);
    this.length += 8;
    return this;
  }

  bytes(data: Uint8Array): this {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    return this;
  }

  /** Pads with zero bytes up to a multiple of `alignment`. */
  align(alignment: number): this {
    const target = alignUp(this.length, alignment);
    this.reserve(target - this.length);
    this.length = target; // the buffer is zero-filled on allocation and never shrinks
    return this;
  }

  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

export function alignUp(value: number, alignment: number): number {
  if (alignment <= 1) return value;
  return Math.ceil(value / alignment) * alignment;
}

/** A string table (.strtab, .dynstr, .shstrtab): offset 0 is the empty string; equal strings share one entry. */
export class StringTable {
  private readonly writer = new ByteWriter().u8(0);
  private readonly offsets = new Map<string, number>([['', 0]]);
  private readonly encoder = new TextEncoder();

  add(value: string): number {
    const known = this.offsets.get(value);
    if (known !== undefined) return known;
    const offset = this.writer.offset;
    this.writer.bytes(this.encoder.encode(value)).u8(0);
    this.offsets.set(value, offset);
    return offset;
  }

  toBytes(): Uint8Array {
    return this.writer.toBytes();
  }
}
