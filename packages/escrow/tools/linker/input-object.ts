// Reads one clang BPF relocatable object and sorts its sections into what goes into the program
// (code, read-only data), what is dropped (debug info, address-significance tables...) and what is refused
// (mutable data: Solana programs cannot write to globals).

import {
  EM_BPF,
  ET_REL,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHN_COMMON,
  SHT_NOBITS,
  SHT_PROGBITS,
  SHT_REL,
  SHT_RELA,
  SHT_SYMTAB,
  STT_SECTION,
} from './elf-constants.ts';
import type { ElfFile, ElfRelocation, ElfSection, ElfSymbol } from './elf-read.ts';
import { readElf, readRelocations, readSymbols } from './elf-read.ts';
import { LinkError } from './link-error.ts';

export type SectionKind = 'text' | 'rodata' | 'dropped';

export interface InputObject {
  label: string;
  elf: ElfFile;
  symbols: ElfSymbol[];
  /** Kind of each section, by section index. */
  kinds: SectionKind[];
  /** REL entries by the index of the section they patch (only for sections that are placed). */
  relocations: Map<number, ElfRelocation[]>;
}

function symbolsIn(symbols: ElfSymbol[], section: ElfSection): string {
  const names = symbols.filter((s) => s.shndx === section.index && s.type !== STT_SECTION && s.name).map((s) => s.name);
  return names.length > 0 ? ` (symbols: ${[...new Set(names)].join(', ')})` : '';
}

function mutableDataError(label: string, section: ElfSection, symbols: ElfSymbol[]): LinkError {
  return new LinkError(
    `${label}: section ${section.name} holds mutable global data${symbolsIn(symbols, section)}. ` +
      'Solana programs cannot have writable globals (.data/.bss): make them const, or keep state in accounts.',
  );
}

function classify(label: string, section: ElfSection, symbols: ElfSymbol[]): SectionKind {
  if ((section.flags & SHF_ALLOC) === 0) return 'dropped';
  if (section.size === 0) return 'dropped';
  if (section.flags & SHF_WRITE || section.type === SHT_NOBITS) throw mutableDataError(label, section, symbols);
  if (section.type !== SHT_PROGBITS) {
    throw new LinkError(`${label}: loadable section ${section.name} has unsupported type ${section.type}`);
  }
  return section.flags & SHF_EXECINSTR ? 'text' : 'rodata';
}

export function readInputObject(bytes: Uint8Array, label: string): InputObject {
  const elf = readElf(bytes, label);
  if (elf.header.machine !== EM_BPF) {
    throw new LinkError(`${label}: e_machine is ${elf.header.machine}, expected EM_BPF (247); compile with clang -target bpfel`);
  }
  if (elf.header.type !== ET_REL) throw new LinkError(`${label}: not a relocatable object (compile with -c)`);
  const symbolTables = elf.sections.filter((s) => s.type === SHT_SYMTAB);
  if (symbolTables.length !== 1 || !symbolTables[0]) {
    throw new LinkError(`${label}: expected exactly one symbol table, found ${symbolTables.length}`);
  }
  const symbols = readSymbols(elf, symbolTables[0]);
  const common = symbols.find((s) => s.shndx === SHN_COMMON);
  if (common) {
    throw new LinkError(
      `${label}: "${common.name}" is a mutable (common) global. Solana programs cannot have writable globals (.data/.bss).`,
    );
  }
  const kinds = elf.sections.map((s) => classify(label, s, symbols));

  const relocations = new Map<number, ElfRelocation[]>();
  for (const section of elf.sections) {
    if (section.type !== SHT_REL && section.type !== SHT_RELA) continue;
    const target = elf.sections[section.info];
    if (!target || kinds[target.index] === 'dropped') continue; // relocations of debug info and the like
    if (section.type === SHT_RELA) {
      throw new LinkError(`${label}: ${section.name} uses RELA relocations; clang's BPF backend emits REL, which this linker expects`);
    }
    relocations.set(target.index, readRelocations(elf, section));
  }
  return { label, elf, symbols, kinds, relocations };
}
