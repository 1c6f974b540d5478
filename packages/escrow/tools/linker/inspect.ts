// Reads back a linked program: its code, data, symbols and dynamic relocations (used by tests and for reports).
import { INSN_SIZE, OP_LDDW, SHT_DYNSYM, SHT_REL, SHT_SYMTAB } from './elf-constants.ts';
import type { ElfFile, ElfSection, ElfSymbol } from './elf-read.ts';
import { findSection, readElf, readRelocations, readSymbols } from './elf-read.ts';

export interface Instruction {
  /** File address of the instruction. */
  address: number;
  opcode: number;
  dst: number;
  src: number;
  offset: number;
  imm: number;
  /** For lddw: the full 64-bit immediate. */
  wide?: bigint;
}

export interface DynamicRelocation {
  offset: number;
  type: number;
  symbol: string;
}

export interface ProgramImage {
  elf: ElfFile;
  text: ElfSection;
  rodata: ElfSection | undefined;
  instructions: Instruction[];
  /** Function name → file address, from .symtab. */
  functions: Map<string, number>;
  dynamicSymbols: ElfSymbol[];
  dynamicRelocations: DynamicRelocation[];
}

export function decodeInstructions(text: Uint8Array, baseAddress: number): Instruction[] {
  const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
  const out: Instruction[] = [];
  for (let at = 0; at + INSN_SIZE <= text.length; at += INSN_SIZE) {
    const opcode = view.getUint8(at);
    const regs = view.getUint8(at + 1);
    const insn: Instruction = {
      address: baseAddress + at,
      opcode,
      dst: regs & 0x0f,
      src: regs >> 4,
      offset: view.getInt16(at + 2, true),
      imm: view.getInt32(at + 4, true),
    };
    if (opcode === OP_LDDW && at + 2 * INSN_SIZE <= text.length) {
      insn.wide = (BigInt(view.getUint32(at + 12, true)) << 32n) | BigInt(view.getUint32(at + 4, true));
      at += INSN_SIZE;
    }
    out.push(insn);
  }
  return out;
}

export function inspectProgram(bytes: Uint8Array): ProgramImage {
  const elf = readElf(bytes, 'program');
  const text = findSection(elf, '.text');
  if (!text) throw new Error('program has no .text');
  const symtab = elf.sections.find((s) => s.type === SHT_SYMTAB);
  const functions = new Map<string, number>();
  for (const symbol of symtab ? readSymbols(elf, symtab) : []) {
    if (symbol.name) functions.set(symbol.name, Number(symbol.value));
  }
  const dynsym = elf.sections.find((s) => s.type === SHT_DYNSYM);
  const dynamicSymbols = dynsym ? readSymbols(elf, dynsym) : [];
  const relDyn = elf.sections.find((s) => s.type === SHT_REL);
  const dynamicRelocations = (relDyn ? readRelocations(elf, relDyn) : []).map((r) => ({
    offset: Number(r.offset),
    type: r.type,
    symbol: dynamicSymbols[r.symbol]?.name ?? `#${r.symbol}`,
  }));
  return {
    elf,
    text,
    rodata: findSection(elf, '.rodata'),
    instructions: decodeInstructions(text.data, Number(text.addr)),
    functions,
    dynamicSymbols,
    dynamicRelocations,
  };
}
