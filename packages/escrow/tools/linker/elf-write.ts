// Writes the SBPFv0 shared object the Solana loader accepts (solana-sbpf `Executable::load`, lenient parser):
// ET_DYN / EM_BPF / e_flags 0; exactly one `.text`; read-only data in one `.rodata` right after it, both with
// sh_addr == sh_offset; syscalls imported through `.dynsym` + `.rel.dyn` (R_BPF_64_32 = 10); `.dynamic`
// located through PT_DYNAMIC. All tables are 8-byte aligned because the loader reads them in place.
//
// File layout (addresses equal file offsets):
//   ELF header | 3 program headers | .text | .rodata | .dynamic | .dynsym | .dynstr | .rel.dyn
//   | .symtab | .strtab | .shstrtab | section headers

import { ByteWriter, StringTable, alignUp } from './byte-writer.ts';
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
  R_BPF_64_32,
  REL_SIZE,
  SHDR_SIZE,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHN_UNDEF,
  SHT_DYNAMIC,
  SHT_DYNSYM,
  SHT_NULL,
  SHT_PROGBITS,
  SHT_REL,
  SHT_STRTAB,
  SHT_SYMTAB,
  STB_GLOBAL,
  STB_LOCAL,
  STT_FUNC,
  STT_NOTYPE,
  SYM_SIZE,
} from './elf-constants.ts';

const PROGRAM_HEADER_COUNT = 3; // PT_LOAD (text + rodata), PT_LOAD (dynamic tables), PT_DYNAMIC

/** File offset (= address) of `.text`: right after the ELF header and the program headers. */
export const TEXT_ADDRESS = alignUp(EHDR_SIZE + PROGRAM_HEADER_COUNT * PHDR_SIZE, 8);

/** File offset (= address) of `.rodata` for a given text size and rodata alignment. */
export function rodataAddress(textSize: number, rodataAlign: number): number {
  return alignUp(TEXT_ADDRESS + textSize, Math.max(8, rodataAlign));
}

export interface FunctionSymbol {
  name: string;
  /** Offset of the function inside `.text`. */
  textOffset: number;
  size: number;
  global: boolean;
}

export interface SyscallCallSite {
  name: string;
  /** Offset of the `call -1` instruction inside `.text`. */
  textOffset: number;
}

export interface SharedObjectContent {
  text: Uint8Array;
  rodata: Uint8Array;
  rodataAlign: number;
  /** Offset of `entrypoint` inside `.text`. */
  entryOffset: number;
  entrySize: number;
  syscallCalls: SyscallCallSite[];
  functions: FunctionSymbol[];
}

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

function symbolEntry(w: ByteWriter, name: number, bind: number, type: number, shndx: number, value: number, size: number) {
  w.u32(name).u8((bind << 4) | type).u8(0).u16(shndx).u64(value).u64(size);
}

export function writeSharedObject(content: SharedObjectContent): Uint8Array {
  const textAddress = TEXT_ADDRESS;
  const rodataAddr = rodataAddress(content.text.length, content.rodataAlign);
  const hasRodata = content.rodata.length > 0;

  // Section indices are fixed by the layout above; .rodata and .rel.dyn are left out when empty.
  const hasRelocations = content.syscallCalls.length > 0;
  const index = { text: 1, rodata: hasRodata ? 2 : 0 } as Record<string, number>;
  let next = hasRodata ? 3 : 2;
  for (const name of ['dynamic', 'dynsym', 'dynstr', ...(hasRelocations ? ['reldyn'] : []), 'symtab', 'strtab', 'shstrtab']) {
    index[name] = next++;
  }
  const sectionIndex = (name: string): number => index[name] ?? 0;

  // .dynsym: the null symbol, the exported entrypoint, then one undefined symbol per syscall (sorted by name).
  const dynstr = new StringTable();
  const syscallNames = [...new Set(content.syscallCalls.map((c) => c.name))].sort();
  const dynsym = new ByteWriter();
  symbolEntry(dynsym, 0, STB_LOCAL, STT_NOTYPE, SHN_UNDEF, 0, 0);
  symbolEntry(dynsym, dynstr.add('entrypoint'), STB_GLOBAL, STT_FUNC, sectionIndex('text'), textAddress + content.entryOffset, content.entrySize);
  const dynsymIndex = new Map<string, number>();
  for (const name of syscallNames) {
    dynsymIndex.set(name, 2 + dynsymIndex.size);
    symbolEntry(dynsym, dynstr.add(name), STB_GLOBAL, STT_NOTYPE, SHN_UNDEF, 0, 0);
  }
  const dynstrBytes = dynstr.toBytes();

  // .rel.dyn: r_offset is the address of the call instruction; the loader patches its imm field.
  const relDyn = new ByteWriter();
  for (const call of [...content.syscallCalls].sort((a, b) => a.textOffset - b.textOffset)) {
    const symbol = dynsymIndex.get(call.name) ?? 0;
    relDyn.u64(textAddress + call.textOffset).u64((BigInt(symbol) << 32n) | BigInt(R_BPF_64_32));
  }

  // .symtab for disassemblers and debuggers: local functions first, then global ones.
  const strtab = new StringTable();
  const symtab = new ByteWriter();
  symbolEntry(symtab, 0, STB_LOCAL, STT_NOTYPE, SHN_UNDEF, 0, 0);
  const ordered = [...content.functions].sort(
    (a, b) => Number(a.global) - Number(b.global) || a.textOffset - b.textOffset || a.name.localeCompare(b.name),
  );
  for (const f of ordered) {
    symbolEntry(symtab, strtab.add(f.name), f.global ? STB_GLOBAL : STB_LOCAL, STT_FUNC, sectionIndex('text'), textAddress + f.textOffset, f.size);
  }
  const firstGlobal = 1 + ordered.filter((f) => !f.global).length;
  const strtabBytes = strtab.toBytes();

  // Offsets of everything after the read-only segment.
  const readOnlyEnd = hasRodata ? rodataAddr + content.rodata.length : textAddress + content.text.length;
  const dynamicOffset = alignUp(readOnlyEnd, 8);
  const dynamicEntries: [number, number][] = [
    [DT_SYMTAB, 0],
    [DT_SYMENT, SYM_SIZE],
    [DT_STRTAB, 0],
    [DT_STRSZ, dynstrBytes.length],
    ...(hasRelocations
      ? ([
          [DT_REL, 0],
          [DT_RELSZ, relDyn.offset],
          [DT_RELENT, REL_SIZE],
          [DT_TEXTREL, 0],
          [DT_FLAGS, DF_TEXTREL],
        ] as [number, number][])
      : []),
    [DT_NULL, 0],
  ];
  const dynamicSize = dynamicEntries.length * DYN_SIZE;
  const dynsymOffset = alignUp(dynamicOffset + dynamicSize, 8);
  const dynstrOffset = dynsymOffset + dynsym.offset;
  const relDynOffset = alignUp(dynstrOffset + dynstrBytes.length, 8);
  const dynamicSegmentEnd = hasRelocations ? relDynOffset + relDyn.offset : dynstrOffset + dynstrBytes.length;
  for (const entry of dynamicEntries) {
    if (entry[0] === DT_SYMTAB) entry[1] = dynsymOffset;
    if (entry[0] === DT_STRTAB) entry[1] = dynstrOffset;
    if (entry[0] === DT_REL) entry[1] = relDynOffset;
  }

  const sections: SectionHeader[] = [
    { name: '', type: SHT_NULL, flags: 0, offset: 0, size: 0, link: 0, info: 0, align: 0, entsize: 0 },
    { name: '.text', type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR, offset: textAddress, size: content.text.length, link: 0, info: 0, align: 8, entsize: 0 },
  ];
  if (hasRodata) {
    sections.push({ name: '.rodata', type: SHT_PROGBITS, flags: SHF_ALLOC, offset: rodataAddr, size: content.rodata.length, link: 0, info: 0, align: Math.max(8, content.rodataAlign), entsize: 0 });
  }
  sections.push(
    { name: '.dynamic', type: SHT_DYNAMIC, flags: SHF_ALLOC, offset: dynamicOffset, size: dynamicSize, link: sectionIndex('dynstr'), info: 0, align: 8, entsize: DYN_SIZE },
    { name: '.dynsym', type: SHT_DYNSYM, flags: SHF_ALLOC, offset: dynsymOffset, size: dynsym.offset, link: sectionIndex('dynstr'), info: 1, align: 8, entsize: SYM_SIZE },
    { name: '.dynstr', type: SHT_STRTAB, flags: SHF_ALLOC, offset: dynstrOffset, size: dynstrBytes.length, link: 0, info: 0, align: 1, entsize: 0 },
  );
  if (hasRelocations) {
    sections.push({ name: '.rel.dyn', type: SHT_REL, flags: SHF_ALLOC, offset: relDynOffset, size: relDyn.offset, link: sectionIndex('dynsym'), info: 0, align: 8, entsize: REL_SIZE });
  }
  const symtabOffset = alignUp(dynamicSegmentEnd, 8);
  const strtabOffset = symtabOffset + symtab.offset;
  sections.push(
    { name: '.symtab', type: SHT_SYMTAB, flags: 0, offset: symtabOffset, size: symtab.offset, link: sectionIndex('strtab'), info: firstGlobal, align: 8, entsize: SYM_SIZE },
    { name: '.strtab', type: SHT_STRTAB, flags: 0, offset: strtabOffset, size: strtabBytes.length, link: 0, info: 0, align: 1, entsize: 0 },
  );
  const shstrtab = new StringTable();
  for (const s of sections) shstrtab.add(s.name);
  shstrtab.add('.shstrtab');
  const shstrtabBytes = shstrtab.toBytes();
  const shstrtabOffset = strtabOffset + strtabBytes.length;
  sections.push({ name: '.shstrtab', type: SHT_STRTAB, flags: 0, offset: shstrtabOffset, size: shstrtabBytes.length, link: 0, info: 0, align: 1, entsize: 0 });
  const shoff = alignUp(shstrtabOffset + shstrtabBytes.length, 8);

  const w = new ByteWriter();
  // ELF header
  w.bytes(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, ELFCLASS64, ELFDATA2LSB, EV_CURRENT, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
  w.u16(ET_DYN).u16(EM_BPF).u32(EV_CURRENT);
  w.u64(textAddress + content.entryOffset).u64(EHDR_SIZE).u64(shoff);
  w.u32(0); // e_flags 0 = SBPFv0
  w.u16(EHDR_SIZE).u16(PHDR_SIZE).u16(PROGRAM_HEADER_COUNT).u16(SHDR_SIZE).u16(sections.length).u16(sections.length - 1);
  // Program headers
  const programHeader = (type: number, flags: number, offset: number, size: number) =>
    w.u32(type).u32(flags).u64(offset).u64(offset).u64(offset).u64(size).u64(size).u64(8);
  programHeader(PT_LOAD, PF_R | PF_X, textAddress, readOnlyEnd - textAddress);
  programHeader(PT_LOAD, PF_R, dynamicOffset, dynamicSegmentEnd - dynamicOffset);
  programHeader(PT_DYNAMIC, PF_R, dynamicOffset, dynamicSize);
  // Section contents, each at the offset computed above
  const at = (offset: number) => {
    if (w.offset > offset) throw new Error(`internal layout error: writing at ${offset}, already at ${w.offset}`);
    w.bytes(new Uint8Array(offset - w.offset));
  };
  at(textAddress);
  w.bytes(content.text);
  if (hasRodata) {
    at(rodataAddr);
    w.bytes(content.rodata);
  }
  at(dynamicOffset);
  for (const [tag, value] of dynamicEntries) w.u64(tag).u64(value);
  at(dynsymOffset);
  w.bytes(dynsym.toBytes());
  at(dynstrOffset);
  w.bytes(dynstrBytes);
  if (hasRelocations) {
    at(relDynOffset);
    w.bytes(relDyn.toBytes());
  }
  at(symtabOffset);
  w.bytes(symtab.toBytes());
  at(strtabOffset);
  w.bytes(strtabBytes);
  at(shstrtabOffset);
  w.bytes(shstrtabBytes);
  at(shoff);
  for (const s of sections) {
    const address = s.flags & SHF_ALLOC ? s.offset : 0;
    w.u32(shstrtab.add(s.name)).u32(s.type).u64(s.flags).u64(address).u64(s.offset).u64(s.size);
    w.u32(s.link).u32(s.info).u64(s.align).u64(s.entsize);
  }
  return w.toBytes();
}
