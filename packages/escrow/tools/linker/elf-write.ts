// Writes the SBPFv0 shared object the Solana loader accepts (solana-sbpf `Executable::load`, lenient parser):
// ET_DYN / EM_BPF / e_flags 0; exactly one `.text`; read-only data in one `.rodata` right after it, both with
// sh_addr == sh_offset; syscalls imported through `.dynsym` + `.rel.dyn` (R_BPF_64_32 = 10); `.dynamic`
// located through PT_DYNAMIC. All tables are 8-byte aligned because the loader reads them in place.
//
// File layout (addresses equal file offsets):
//   ELF header | 3 program headers | .text | .rodata | .dynamic | .dynsym | .dynstr | .rel.dyn
//   | .symtab | .strtab | .shstrtab | section headers

import { ByteWriter, StringTable, alignUp } from './byte-writer.ts';
import { buildTables, type SharedObjectContent, type Tables } from './elf-tables.ts';
import {
  DF_TEXTREL,
  DT_FLAGS,
  DT_NULL,
  DT_REL,
  DT_RELENT,
  DT_RELSZ,
  DT_STRSZ,
  DT_STRTAB,
  DT_SYMENT,
  DT_SYMTAB,
  DT_TEXTREL,
  DYN_SIZE,
  EHDR_SIZE,
  ELFCLASS64,
  ELFDATA2LSB,
  EM_BPF,
  ET_DYN,
  EV_CURRENT,
  PF_R,
  PF_X,
  PHDR_SIZE,
  PT_DYNAMIC,
  PT_LOAD,
  REL_SIZE,
  SHDR_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_NULL,
  SHT_PROGBITS,
  SHT_REL,
  SHT_STRTAB,
  SHT_SYMTAB,
  SYM_SIZE,
} from './elf-constants.ts';

const PROGRAM_HEADER_COUNT = 3; // PT_LOAD (text + rodata), PT_LOAD (dynamic tables), PT_DYNAMIC

/** File offset (= address) of `.text`: right after the ELF header and the program headers. */
export const TEXT_ADDRESS = alignUp(EHDR_SIZE + PROGRAM_HEADER_COUNT * PHDR_SIZE, 8);

/** File offset (= address) of `.rodata` for a given text size and rodata alignment. */
export function rodataAddress(textSize: number, rodataAlign: number): number {
  return alignUp(TEXT_ADDRESS + textSize, Math.max(8, rodataAlign));
}

export type { FunctionSymbol, SharedObjectContent, SyscallCallSite } from './elf-tables.ts';

interface SectionHeader {
  name: string;
  type: number;
  flags: number;
  offset: number;
  size: number;
  link: number;
  info: number;
  align: number;
  entsize: number;
}


/** Where everything lands in the file (addresses equal offsets) and the section headers that say so. */
interface Layout {
  rodataAddr: number;
  readOnlyEnd: number;
  dynamicOffset: number;
  dynamicEntries: [number, number][];
  dynamicSize: number;
  dynsymOffset: number;
  dynstrOffset: number;
  relDynOffset: number;
  dynamicSegmentEnd: number;
  symtabOffset: number;
  strtabOffset: number;
  shstrtab: StringTable;
  shstrtabBytes: Uint8Array;
  shstrtabOffset: number;
  sections: SectionHeader[];
  shoff: number;
}

function dynamicEntriesOf(t: Tables): [number, number][] {
  const relocations: [number, number][] = t.hasRelocations
    ? [
        [DT_REL, 0],
        [DT_RELSZ, t.relDyn.offset],
        [DT_RELENT, REL_SIZE],
        [DT_TEXTREL, 0],
        [DT_FLAGS, DF_TEXTREL],
      ]
    : [];
  return [[DT_SYMTAB, 0], [DT_SYMENT, SYM_SIZE], [DT_STRTAB, 0], [DT_STRSZ, t.dynstrBytes.length], ...relocations, [DT_NULL, 0]];
}

/** The file offset of every section after the read-only segment, and the section headers. */
function computeOffsets(content: SharedObjectContent, t: Tables): Layout {
  const rodataAddr = rodataAddress(content.text.length, content.rodataAlign);
  const readOnlyEnd = t.hasRodata ? rodataAddr + content.rodata.length : TEXT_ADDRESS + content.text.length;
  const dynamicOffset = alignUp(readOnlyEnd, 8);
  const dynamicEntries = dynamicEntriesOf(t);
  const dynamicSize = dynamicEntries.length * DYN_SIZE;
  const dynsymOffset = alignUp(dynamicOffset + dynamicSize, 8);
  const dynstrOffset = dynsymOffset + t.dynsym.offset;
  const relDynOffset = alignUp(dynstrOffset + t.dynstrBytes.length, 8);
  const dynamicSegmentEnd = t.hasRelocations ? relDynOffset + t.relDyn.offset : dynstrOffset + t.dynstrBytes.length;
  for (const entry of dynamicEntries) {
    if (entry[0] === DT_SYMTAB) entry[1] = dynsymOffset;
    if (entry[0] === DT_STRTAB) entry[1] = dynstrOffset;
    if (entry[0] === DT_REL) entry[1] = relDynOffset;
  }

  const { sectionIndex } = t;
  const sections: SectionHeader[] = [
    { name: '', type: SHT_NULL, flags: 0, offset: 0, size: 0, link: 0, info: 0, align: 0, entsize: 0 },
    { name: '.text', type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR, offset: TEXT_ADDRESS, size: content.text.length, link: 0, info: 0, align: 8, entsize: 0 },
  ];
  if (t.hasRodata) {
    sections.push({ name: '.rodata', type: SHT_PROGBITS, flags: SHF_ALLOC, offset: rodataAddr, size: content.rodata.length, link: 0, info: 0, align: Math.max(8, content.rodataAlign), entsize: 0 });
  }
  sections.push(
    { name: '.dynamic', type: SHT_DYNAMIC, flags: SHF_ALLOC, offset: dynamicOffset, size: dynamicSize, link: sectionIndex('dynstr'), info: 0, align: 8, entsize: DYN_SIZE },
    { name: '.dynsym', type: SHT_DYNSYM, flags: SHF_ALLOC, offset: dynsymOffset, size: t.dynsym.offset, link: sectionIndex('dynstr'), info: 1, align: 8, entsize: SYM_SIZE },
    { name: '.dynstr', type: SHT_STRTAB, flags: SHF_ALLOC, offset: dynstrOffset, size: t.dynstrBytes.length, link: 0, info: 0, align: 1, entsize: 0 },
  );
  if (t.hasRelocations) {
    sections.push({ name: '.rel.dyn', type: SHT_REL, flags: SHF_ALLOC, offset: relDynOffset, size: t.relDyn.offset, link: sectionIndex('dynsym'), info: 0, align: 8, entsize: REL_SIZE });
  }
  const symtabOffset = alignUp(dynamicSegmentEnd, 8);
  const strtabOffset = symtabOffset + t.symtab.offset;
  sections.push(
    { name: '.symtab', type: SHT_SYMTAB, flags: 0, offset: symtabOffset, size: t.symtab.offset, link: sectionIndex('strtab'), info: t.firstGlobal, align: 8, entsize: SYM_SIZE },
    { name: '.strtab', type: SHT_STRTAB, flags: 0, offset: strtabOffset, size: t.strtabBytes.length, link: 0, info: 0, align: 1, entsize: 0 },
  );
  const shstrtab = new StringTable();
  for (const s of sections) shstrtab.add(s.name);
  shstrtab.add('.shstrtab');
  const shstrtabBytes = shstrtab.toBytes();
  const shstrtabOffset = strtabOffset + t.strtabBytes.length;
  sections.push({ name: '.shstrtab', type: SHT_STRTAB, flags: 0, offset: shstrtabOffset, size: shstrtabBytes.length, link: 0, info: 0, align: 1, entsize: 0 });
  const shoff = alignUp(shstrtabOffset + shstrtabBytes.length, 8);
  return {
    rodataAddr,
    readOnlyEnd,
    dynamicOffset,
    dynamicEntries,
    dynamicSize,
    dynsymOffset,
    dynstrOffset,
    relDynOffset,
    dynamicSegmentEnd,
    symtabOffset,
    strtabOffset,
    shstrtab,
    shstrtabBytes,
    shstrtabOffset,
    sections,
    shoff,
  };
}

/** Writes the headers, then each section's bytes at the offset the layout gave it. */
function emit(content: SharedObjectContent, t: Tables, l: Layout): Uint8Array {
  const w = new ByteWriter();
  // ELF header
  w.bytes(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, ELFCLASS64, ELFDATA2LSB, EV_CURRENT, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
  w.u16(ET_DYN).u16(EM_BPF).u32(EV_CURRENT);
  w.u64(TEXT_ADDRESS + content.entryOffset).u64(EHDR_SIZE).u64(l.shoff);
  w.u32(0); // e_flags 0 = SBPFv0
  w.u16(EHDR_SIZE).u16(PHDR_SIZE).u16(PROGRAM_HEADER_COUNT).u16(SHDR_SIZE).u16(l.sections.length).u16(l.sections.length - 1);
  // Program headers
  const programHeader = (type: number, flags: number, offset: number, size: number) =>
    w.u32(type).u32(flags).u64(offset).u64(offset).u64(offset).u64(size).u64(size).u64(8);
  programHeader(PT_LOAD, PF_R | PF_X, TEXT_ADDRESS, l.readOnlyEnd - TEXT_ADDRESS);
  programHeader(PT_LOAD, PF_R, l.dynamicOffset, l.dynamicSegmentEnd - l.dynamicOffset);
  programHeader(PT_DYNAMIC, PF_R, l.dynamicOffset, l.dynamicSize);
  // Section contents, each at the offset computed above
  const at = (offset: number) => {
    if (w.offset > offset) throw new Error(`internal layout error: writing at ${offset}, already at ${w.offset}`);
    w.bytes(new Uint8Array(offset - w.offset));
  };
  at(TEXT_ADDRESS);
  w.bytes(content.text);
  if (t.hasRodata) {
    at(l.rodataAddr);
    w.bytes(content.rodata);
  }
  at(l.dynamicOffset);
  for (const [tag, value] of l.dynamicEntries) w.u64(tag).u64(value);
  at(l.dynsymOffset);
  w.bytes(t.dynsym.toBytes());
  at(l.dynstrOffset);
  w.bytes(t.dynstrBytes);
  if (t.hasRelocations) {
    at(l.relDynOffset);
    w.bytes(t.relDyn.toBytes());
  }
  at(l.symtabOffset);
  w.bytes(t.symtab.toBytes());
  at(l.strtabOffset);
  w.bytes(t.strtabBytes);
  at(l.shstrtabOffset);
  w.bytes(l.shstrtabBytes);
  at(l.shoff);
  for (const s of l.sections) {
    const address = s.flags & SHF_ALLOC ? s.offset : 0;
    w.u32(l.shstrtab.add(s.name)).u32(s.type).u64(s.flags).u64(address).u64(s.offset).u64(s.size);
    w.u32(s.link).u32(s.info).u64(s.align).u64(s.entsize);
  }
  return w.toBytes();
}

/** The shared object: its tables, then their offsets, then the bytes. */
export function writeSharedObject(content: SharedObjectContent): Uint8Array {
  const tables = buildTables(content, TEXT_ADDRESS);
  return emit(content, tables, computeOffsets(content, tables));
}
