// The symbol and relocation tables of the SBPFv0 shared object elf-write.ts lays out: .dynsym/.dynstr (the
// exported entrypoint and the imported syscalls), .rel.dyn (one R_BPF_64_32 per syscall call site) and
// .symtab/.strtab for disassemblers.
import { ByteWriter, StringTable } from './byte-writer.ts';
import { R_BPF_64_32, SHN_UNDEF, STB_GLOBAL, STB_LOCAL, STT_FUNC, STT_NOTYPE } from './elf-constants.ts';

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

function symbolEntry(w: ByteWriter, name: number, bind: number, type: number, shndx: number, value: number, size: number) {
  w.u32(name).u8((bind << 4) | type).u8(0).u16(shndx).u64(value).u64(size);
}

/** The symbol and relocation tables of the shared object, before any of them has a file offset. */
export interface Tables {
  /** Section indices, fixed by the layout; .rodata and .rel.dyn are left out when empty. */
  sectionIndex: (name: string) => number;
  hasRodata: boolean;
  hasRelocations: boolean;
  dynsym: ByteWriter;
  dynstrBytes: Uint8Array;
  relDyn: ByteWriter;
  symtab: ByteWriter;
  strtabBytes: Uint8Array;
  /** Index of the first global symbol in .symtab (its sh_info). */
  firstGlobal: number;
}

/**
 * .dynsym/.dynstr (entrypoint and syscall imports), .rel.dyn (syscall call sites) and .symtab/.strtab;
 * `textAddress` is where `.text` starts (symbol values and relocation offsets are addresses).
 */
export function buildTables(content: SharedObjectContent, textAddress: number): Tables {
  const hasRodata = content.rodata.length > 0;
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
  return { sectionIndex, hasRodata, hasRelocations, dynsym, dynstrBytes: dynstr.toBytes(), relDyn, symtab, strtabBytes: strtab.toBytes(), firstGlobal };
}

