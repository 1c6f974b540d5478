// A small ELF64 little-endian reader: headers, sections, symbols and REL relocations.
// Used for clang's BPF relocatable objects (ET_REL) and, in tests, for the linker's own output (ET_DYN).

import {
  EHDR_SIZE,
  ELFCLASS64,
  ELFDATA2LSB,
  PHDR_SIZE,
  REL_SIZE,
  SHDR_SIZE,
  SHT_DYNSYM,
  SHT_NOBITS,
  SHT_REL,
  SHT_SYMTAB,
  SYM_SIZE,
} from './elf-constants.ts';
import { LinkError } from './link-error.ts';

export interface ElfHeader {
  type: number;
  machine: number;
  flags: number;
  entry: bigint;
  phoff: number;
  shoff: number;
  phnum: number;
  shnum: number;
  shstrndx: number;
}

export interface ElfSection {
  index: number;
  name: string;
  type: number;
  flags: number;
  addr: bigint;
  offset: number;
  size: number;
  link: number;
  info: number;
  addralign: number;
  entsize: number;
  /** The section's bytes (empty for SHT_NOBITS). */
  data: Uint8Array;
}

export interface ElfProgramHeader {
  type: number;
  flags: number;
  offset: number;
  vaddr: bigint;
  paddr: bigint;
  filesz: number;
  memsz: number;
  align: number;
}

export interface ElfSymbol {
  index: number;
  name: string;
  value: bigint;
  size: bigint;
  bind: number;
  type: number;
  other: number;
  shndx: number;
}

export interface ElfRelocation {
  offset: bigint;
  type: number;
  symbol: number;
}

export interface ElfFile {
  /** A label for error messages (file name). */
  label: string;
  bytes: Uint8Array;
  header: ElfHeader;
  programHeaders: ElfProgramHeader[];
  sections: ElfSection[];
}

const decoder = new TextDecoder('utf-8', { fatal: false });

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toNumber(value: bigint, what: string, label: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new LinkError(`${label}: ${what} ${value} is too large`);
  return Number(value);
}

function slice(bytes: Uint8Array, offset: number, size: number, what: string, label: string): Uint8Array {
  if (offset < 0 || size < 0 || offset + size > bytes.length) {
    throw new LinkError(`${label}: ${what} (offset ${offset}, size ${size}) lies outside the file (${bytes.length} bytes)`);
  }
  return bytes.subarray(offset, offset + size);
}

/** Reads a NUL-terminated string at `offset` of a string table. */
export function readString(table: Uint8Array, offset: number): string {
  if (offset >= table.length) return '';
  let end = offset;
  while (end < table.length && table[end] !== 0) end++;
  return decoder.decode(table.subarray(offset, end));
}

export function readElf(bytes: Uint8Array, label: string): ElfFile {
  if (bytes.length < EHDR_SIZE || bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c || bytes[3] !== 0x46) {
    throw new LinkError(`${label}: not an ELF file`);
  }
  if (bytes[4] !== ELFCLASS64) throw new LinkError(`${label}: not a 64-bit ELF file`);
  if (bytes[5] !== ELFDATA2LSB) throw new LinkError(`${label}: not a little-endian ELF file (compile with -target bpfel)`);
  const dv = view(bytes);
  const header: ElfHeader = {
    type: dv.getUint16(16, true),
    machine: dv.getUint16(18, true),
    entry: dv.getBigUint64(24, true),
    phoff: toNumber(dv.getBigUint64(32, true), 'e_phoff', label),
    shoff: toNumber(dv.getBigUint64(40, true), 'e_shoff', label),
    flags: dv.getUint32(48, true),
    phnum: dv.getUint16(56, true),
    shnum: dv.getUint16(60, true),
    shstrndx: dv.getUint16(62, true),
  };
  if (header.shnum > 0 && dv.getUint16(58, true) !== SHDR_SIZE) throw new LinkError(`${label}: unexpected section header size`);

  const programHeaders: ElfProgramHeader[] = [];
  const phTable = slice(bytes, header.phoff, header.phnum * PHDR_SIZE, 'program header table', label);
  const phView = view(phTable);
  for (let i = 0; i < header.phnum; i++) {
    const o = i * PHDR_SIZE;
    programHeaders.push({
      type: phView.getUint32(o, true),
      flags: phView.getUint32(o + 4, true),
      offset: toNumber(phView.getBigUint64(o + 8, true), 'p_offset', label),
      vaddr: phView.getBigUint64(o + 16, true),
      paddr: phView.getBigUint64(o + 24, true),
      filesz: toNumber(phView.getBigUint64(o + 32, true), 'p_filesz', label),
      memsz: toNumber(phView.getBigUint64(o + 40, true), 'p_memsz', label),
      align: toNumber(phView.getBigUint64(o + 48, true), 'p_align', label),
    });
  }

  const shTable = slice(bytes, header.shoff, header.shnum * SHDR_SIZE, 'section header table', label);
  const shView = view(shTable);
  const raw = [];
  for (let i = 0; i < header.shnum; i++) {
    const o = i * SHDR_SIZE;
    raw.push({
      nameOffset: shView.getUint32(o, true),
      type: shView.getUint32(o + 4, true),
      flags: toNumber(shView.getBigUint64(o + 8, true), 'sh_flags', label),
      addr: shView.getBigUint64(o + 16, true),
      offset: toNumber(shView.getBigUint64(o + 24, true), 'sh_offset', label),
      size: toNumber(shView.getBigUint64(o + 32, true), 'sh_size', label),
      link: shView.getUint32(o + 40, true),
      info: shView.getUint32(o + 44, true),
      addralign: toNumber(shView.getBigUint64(o + 48, true), 'sh_addralign', label),
      entsize: toNumber(shView.getBigUint64(o + 56, true), 'sh_entsize', label),
    });
  }
  const names = raw[header.shstrndx];
  const nameTable = names ? slice(bytes, names.offset, names.size, 'section name table', label) : new Uint8Array();
  const sections: ElfSection[] = raw.map((s, index) => ({
    index,
    name: readString(nameTable, s.nameOffset),
    type: s.type,
    flags: s.flags,
    addr: s.addr,
    offset: s.offset,
    size: s.size,
    link: s.link,
    info: s.info,
    addralign: s.addralign,
    entsize: s.entsize,
    data: s.type === SHT_NOBITS ? new Uint8Array() : slice(bytes, s.offset, s.size, `section #${index}`, label),
  }));
  return { label, bytes, header, programHeaders, sections };
}

/** The symbols of a SHT_SYMTAB or SHT_DYNSYM section, names resolved through its linked string table. */
export function readSymbols(elf: ElfFile, table: ElfSection): ElfSymbol[] {
  if (table.type !== SHT_SYMTAB && table.type !== SHT_DYNSYM) {
    throw new LinkError(`${elf.label}: section ${table.name} is not a symbol table`);
  }
  const strings = elf.sections[table.link];
  if (!strings) throw new LinkError(`${elf.label}: symbol table ${table.name} has no string table`);
  const dv = view(table.data);
  const symbols: ElfSymbol[] = [];
  for (let index = 0; index * SYM_SIZE + SYM_SIZE <= table.data.length; index++) {
    const o = index * SYM_SIZE;
    const info = dv.getUint8(o + 4);
    symbols.push({
      index,
      name: readString(strings.data, dv.getUint32(o, true)),
      bind: info >> 4,
      type: info & 0xf,
      other: dv.getUint8(o + 5),
      shndx: dv.getUint16(o + 6, true),
      value: dv.getBigUint64(o + 8, true),
      size: dv.getBigUint64(o + 16, true),
    });
  }
  return symbols;
}

/** The entries of a SHT_REL section. */
export function readRelocations(elf: ElfFile, section: ElfSection): ElfRelocation[] {
  if (section.type !== SHT_REL) throw new LinkError(`${elf.label}: section ${section.name} is not a REL section`);
  const dv = view(section.data);
  const relocations: ElfRelocation[] = [];
  for (let o = 0; o + REL_SIZE <= section.data.length; o += REL_SIZE) {
    const info = dv.getBigUint64(o + 8, true);
    relocations.push({ offset: dv.getBigUint64(o, true), type: Number(info & 0xffffffffn), symbol: Number(info >> 32n) });
  }
  return relocations;
}

export function findSection(elf: ElfFile, name: string): ElfSection | undefined {
  return elf.sections.find((s) => s.name === name);
}
