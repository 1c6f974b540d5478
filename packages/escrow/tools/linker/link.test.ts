// The linker's output, read back byte by byte: the loader's structural rules, each kind of relocation,
// syscall imports, refusals with clear messages, and determinism.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../build-program.ts';
import {
  DT_REL,
  DT_RELENT,
  DT_RELSZ,
  DT_SYMTAB,
  EM_BPF,
  ET_DYN,
  MM_RODATA_START,
  OP_CALL_IMM,
  OP_CALL_REG,
  OP_LDDW,
  PT_DYNAMIC,
  PT_LOAD,
  R_BPF_64_32,
  SHF_ALLOC,
  SHF_WRITE,
  SHN_UNDEF,
  SHT_DYNSYM,
  SHT_NOBITS,
  SHT_NULL,
  SHT_REL,
  SHT_SYMTAB,
} from './elf-constants.ts';
import { readElf, readRelocations, readSymbols } from './elf-read.ts';
import { inspectProgram, type ProgramImage } from './inspect.ts';
import { LinkError, link } from './link.ts';
import { SOLANA_SYSCALLS } from './syscalls.ts';
import { FIXTURES_DIR, FixtureCompiler, ensureClang } from './test-helpers.ts';

let compiler: FixtureCompiler;
const objects: Record<string, Uint8Array> = {};
const programs: Record<string, Uint8Array> = {};

beforeAll(() => {
  ensureClang();
  compiler = new FixtureCompiler();
  for (const name of ['hello', 'relocations', 'multi-main', 'multi-helpers', 'mutable-bss', 'mutable-data', 'unknown-symbol', 'no-syscalls']) {
    objects[name] = compiler.compile(name);
  }
  objects['jump32-v3'] = compiler.compile('jump32', ['-mcpu=v3']);
  programs.hello = link(objects.hello!);
  programs.relocations = link(objects.relocations!);
  programs.multi = link([
    { name: 'multi-main.o', bytes: objects['multi-main']! },
    { name: 'multi-helpers.o', bytes: objects['multi-helpers']! },
  ]);
}, 60_000);

afterAll(() => compiler?.dispose());

/**
 * The structural rules solana-sbpf applies when it loads an SBPFv0 ELF (elf_parser::Elf64::parse,
 * Executable::validate, parse_ro_sections and relocate, with reject_broken_elfs as on deployment).
 * Returns the broken rules, so a failure says which one.
 */
function loaderRuleViolations(image: ProgramImage): string[] {
  const { elf } = image;
  const bytes = elf.bytes;
  const problems: string[] = [];
  const fail = (rule: string) => problems.push(rule);
  if (bytes[4] !== 2 || bytes[5] !== 1 || bytes[6] !== 1 || bytes[7] !== 0) fail('ident: ELFCLASS64, little-endian, EV_CURRENT, OSABI none');
  if (elf.header.type !== ET_DYN) fail('e_type must be ET_DYN');
  if (elf.header.machine !== EM_BPF) fail('e_machine must be EM_BPF');
  if (elf.header.flags !== 0) fail('e_flags must be 0 (SBPFv0)');
  if (elf.header.shstrndx >= elf.header.shnum) fail('e_shstrndx < e_shnum');
  if (elf.sections[0]?.type !== SHT_NULL) fail('section 0 must be SHT_NULL');

  let lastVaddr = 0n;
  for (const ph of elf.programHeaders.filter((p) => p.type === PT_LOAD)) {
    if (ph.vaddr < lastVaddr) fail('PT_LOAD headers must have ascending p_vaddr');
    if (ph.offset + ph.filesz > bytes.length) fail('PT_LOAD must lie inside the file');
    lastVaddr = ph.vaddr;
  }
  const headerEnds = [64, elf.header.phoff + elf.header.phnum * 56];
  const shTable = [elf.header.shoff, elf.header.shoff + elf.header.shnum * 64];
  let lastEnd = 0;
  for (const s of elf.sections) {
    if (s.type === SHT_NOBITS) continue;
    const [start, end] = [s.offset, s.offset + s.size];
    if (s.size > 0 && (start < (headerEnds[1] ?? 0) || (start < (shTable[1] ?? 0) && end > (shTable[0] ?? 0)))) {
      fail(`section ${s.name} overlaps the ELF headers`);
    }
    if (start < lastEnd) fail(`section ${s.name} is not in ascending file order`);
    lastEnd = end;
    if (new TextEncoder().encode(s.name).length >= 16) fail(`section name ${s.name} is 16 bytes or longer`);
    if (s.name.startsWith('.bss') || (s.flags & (SHF_ALLOC | SHF_WRITE)) === (SHF_ALLOC | SHF_WRITE)) fail(`writable section ${s.name}`);
  }
  const texts = elf.sections.filter((s) => s.name === '.text');
  if (texts.length !== 1) fail('exactly one .text section');
  for (const s of elf.sections.filter((x) => x.name === '.text' || x.name === '.rodata')) {
    if (s.addr !== BigInt(s.offset)) fail(`${s.name}: sh_addr must equal sh_offset`);
  }
  const text = image.text;
  const entry = elf.header.entry;
  if (entry < text.addr || entry >= text.addr + BigInt(text.size) || (entry - text.addr) % 8n !== 0n) fail('e_entry must be an instruction of .text');

  const dynamicHeader = elf.programHeaders.find((p) => p.type === PT_DYNAMIC);
  if (!dynamicHeader) fail('PT_DYNAMIC is required');
  const dyn = new Map<number, bigint>();
  if (dynamicHeader) {
    if (dynamicHeader.offset % 8 !== 0) fail('.dynamic must be 8-byte aligned');
    const view = new DataView(bytes.buffer, bytes.byteOffset + dynamicHeader.offset, dynamicHeader.filesz);
    for (let o = 0; o + 16 <= dynamicHeader.filesz; o += 16) {
      const tag = Number(view.getBigUint64(o, true));
      if (tag === 0) break;
      dyn.set(tag, view.getBigUint64(o + 8, true));
    }
  }
  const symtabAddress = dyn.get(DT_SYMTAB);
  const dynsym = elf.sections.find((s) => (s.flags & SHF_ALLOC) !== 0 && s.addr === symtabAddress);
  if (!dynsym || dynsym.type !== SHT_DYNSYM || dynsym.offset % 8 !== 0) fail('DT_SYMTAB must be the address of an aligned .dynsym');
  const relAddress = dyn.get(DT_REL);
  if (relAddress !== undefined) {
    if (dyn.get(DT_RELENT) !== 16n) fail('DT_RELENT must be 16');
    if (!dyn.get(DT_RELSZ)) fail('DT_RELSZ must be non-zero');
    if (!elf.programHeaders.some((p) => relAddress >= p.vaddr && relAddress < p.vaddr + BigInt(p.memsz))) fail('DT_REL must be inside a segment');
    if (relAddress % 8n !== 0n) fail('.rel.dyn must be 8-byte aligned');
  }
  for (const r of image.dynamicRelocations) {
    const insn = image.instructions.find((i) => i.address === r.offset);
    if (r.type !== R_BPF_64_32) fail(`dynamic relocation type ${r.type}`);
    if (!insn || insn.opcode !== OP_CALL_IMM || insn.imm !== -1) fail(`dynamic relocation at 0x${r.offset.toString(16)} is not a call -1`);
    if (!SOLANA_SYSCALLS.has(r.symbol) || r.symbol.length >= 64) fail(`unknown syscall ${r.symbol}`);
  }
  const count = text.size / 8;
  for (const insn of image.instructions) {
    if (insn.opcode !== OP_CALL_IMM || insn.imm === -1) continue;
    const pc = (insn.address - Number(text.addr)) / 8;
    if (pc + 1 + insn.imm < 0 || pc + 1 + insn.imm >= count) fail(`relative call out of bounds at pc ${pc}`);
  }
  return problems;
}

/** The function a relative call instruction lands on, by name. */
function callTarget(image: ProgramImage, address: number, imm: number): string | undefined {
  const target = address + (imm + 1) * 8;
  return [...image.functions].find(([, a]) => a === target)?.[0];
}

function instructionsOf(image: ProgramImage, name: string) {
  const start = image.functions.get(name);
  const starts = [...image.functions.values()].filter((a) => start !== undefined && a > start);
  const end = starts.length > 0 ? Math.min(...starts) : Number(image.text.addr) + image.text.size;
  return image.instructions.filter((i) => start !== undefined && i.address >= start && i.address < end);
}

function cString(bytes: Uint8Array, offset: number): string {
  const end = bytes.indexOf(0, offset);
  return new TextDecoder().decode(bytes.subarray(offset, end));
}

describe('output structure', () => {
  it.each(['hello', 'relocations', 'multi'])('%s satisfies the SBPFv0 loader rules', (name) => {
    expect(loaderRuleViolations(inspectProgram(programs[name]!))).toEqual([]);
  });

  it('is read by llvm-readelf without warnings, with the same dynamic relocations we wrote', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jelly-readelf-'));
    try {
      const file = join(dir, 'relocations.so');
      execFileSync('bash', ['-c', `cat > ${file}`], { input: programs.relocations });
      const out = execFileSync('llvm-readelf-19', ['--file-header', '--dyn-syms', '--dyn-relocations', '--dynamic', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(out).toMatch(/Type:\s+DYN/);
      expect(out).toMatch(/Machine:\s+EM_BPF/);
      const relocated = [...out.matchAll(/R_BPF_64_32\s+0+\s+(\S+)/g)].map((m) => m[1]);
      expect(relocated).toEqual(inspectProgram(programs.relocations!).dynamicRelocations.map((r) => r.symbol));
      expect(out).toContain('(TEXTREL)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the entry point on the entrypoint function', () => {
    const image = inspectProgram(programs.relocations!);
    expect(image.elf.header.entry).toBe(BigInt(image.functions.get('entrypoint') ?? -1));
    expect(image.dynamicSymbols.find((s) => s.name === 'entrypoint')?.value).toBe(image.elf.header.entry);
  });
});

describe('relocations', () => {
  it('turns calls between functions (same section, other section, global symbol) into relative calls', () => {
    const image = inspectProgram(programs.relocations!);
    const fromEntry = instructionsOf(image, 'entrypoint')
      .filter((i) => i.opcode === OP_CALL_IMM && i.imm !== -1)
      .map((i) => callTarget(image, i.address, i.imm));
    expect(fromEntry.sort()).toEqual(['apply', 'weigh']); // `apply` is global, `weigh` lives in .text.helpers
    const fromApply = instructionsOf(image, 'apply')
      .filter((i) => i.opcode === OP_CALL_IMM)
      .map((i) => callTarget(image, i.address, i.imm));
    expect(fromApply).toEqual(['weigh']);
  });

  it('links calls and data across object files', () => {
    const image = inspectProgram(programs.multi!);
    const calls = instructionsOf(image, 'entrypoint').filter((i) => i.opcode === OP_CALL_IMM && i.imm !== -1);
    expect(calls.map((i) => callTarget(image, i.address, i.imm))).toEqual(['checksum']);
    const loads = image.instructions.filter((i) => i.opcode === OP_LDDW).map((i) => Number((i.wide ?? 0n) - MM_RODATA_START));
    const rodata = image.rodata!;
    const weights = loads.map((a) => new DataView(image.elf.bytes.buffer, image.elf.bytes.byteOffset + a, 32));
    expect(weights.every((v) => [0, 8, 16, 24].map((o) => v.getBigUint64(o, true)).join() === '7,11,13,17')).toBe(true);
    expect(loads.every((a) => a >= Number(rodata.addr) && a < Number(rodata.addr) + rodata.size)).toBe(true);
  });

  it('writes lddw addresses as 0x1_0000_0000 + the file address of the data (tables and strings)', () => {
    const image = inspectProgram(programs.relocations!);
    const bytes = image.elf.bytes;
    const rodata = image.rodata!;
    const targets = image.instructions.filter((i) => i.opcode === OP_LDDW).map((i) => (i.wide ?? 0n) - MM_RODATA_START);
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets) expect(t >= rodata.addr && t < rodata.addr + BigInt(rodata.size)).toBe(true);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const squares = targets.filter((t) => [...Array(8).keys()].every((k) => view.getBigUint64(Number(t) + k * 8, true) === BigInt(k * k)));
    expect(squares.length).toBeGreaterThan(0);
    const strings = targets.map((t) => cString(bytes, Number(t)));
    expect(strings).toContain('need 3 bytes: op, a, b');
  });

  it('writes R_BPF_64_ABS64 data (function pointers, string pointers) as 0x1_0000_0000 + address', () => {
    const image = inspectProgram(programs.relocations!);
    const bytes = image.elf.bytes;
    const rodata = image.rodata!;
    const view = new DataView(bytes.buffer, bytes.byteOffset + rodata.offset, rodata.size);
    const words: bigint[] = [];
    for (let o = 0; o + 8 <= rodata.size; o += 8) words.push(view.getBigUint64(o, true));
    const address = (name: string) => MM_RODATA_START + BigInt(image.functions.get(name) ?? -1);
    const table = words.findIndex((w, i) => w === address('add') && words[i + 1] === address('mul') && words[i + 2] === address('sub'));
    expect(table).toBeGreaterThanOrEqual(0);
    const names = words.filter((w) => w > MM_RODATA_START && w < MM_RODATA_START + BigInt(bytes.length)).map((w) => cString(bytes, Number(w - MM_RODATA_START)));
    expect(names).toEqual(expect.arrayContaining(['add', 'mul', 'sub']));
  });

  it('moves the callx register into the imm field, where SBPFv0 reads it', () => {
    const image = inspectProgram(programs.relocations!);
    const callx = image.instructions.filter((i) => i.opcode === OP_CALL_REG);
    expect(callx.length).toBeGreaterThan(0);
    for (const insn of callx) expect(insn.imm).toBe(insn.dst);
  });
});

describe('syscalls', () => {
  it('imports each syscall once in .dynsym, undefined, and relocates every call site through .rel.dyn', () => {
    const image = inspectProgram(programs.relocations!);
    const imported = image.dynamicSymbols.filter((s) => s.shndx === SHN_UNDEF && s.name);
    expect(imported.map((s) => s.name)).toEqual(['sol_log_', 'sol_log_64_']);
    expect(imported.every((s) => s.value === 0n)).toBe(true);

    const placeholders = image.instructions.filter((i) => i.opcode === OP_CALL_IMM && i.imm === -1);
    expect(image.dynamicRelocations.map((r) => r.offset)).toEqual(placeholders.map((i) => i.address));
    expect(image.dynamicRelocations.every((r) => r.type === R_BPF_64_32)).toBe(true);
    // One dynamic relocation per call site clang recorded in the object.
    const object = readElf(objects.relocations!, 'relocations.o');
    const objectSymbols = readSymbols(object, object.sections.find((s) => s.type === SHT_SYMTAB)!);
    const objectCalls = object.sections
      .filter((s) => s.type === SHT_REL)
      .flatMap((s) => readRelocations(object, s))
      .filter((r) => r.type === R_BPF_64_32 && objectSymbols[r.symbol]?.shndx === SHN_UNDEF)
      .map((r) => objectSymbols[r.symbol]?.name);
    expect(objectCalls.length).toBeGreaterThanOrEqual(3);
    expect(image.dynamicRelocations.map((r) => r.symbol).sort()).toEqual(objectCalls.sort());
  });

  it('writes no .rel.dyn and no DT_REL for a program without syscalls', () => {
    const bytes = link([
      { name: 'no-syscalls.o', bytes: objects['no-syscalls']! },
      { name: 'multi-helpers.o', bytes: objects['multi-helpers']! },
    ]);
    const image = inspectProgram(bytes);
    expect(image.dynamicRelocations).toEqual([]);
    expect(image.elf.sections.map((s) => s.name)).not.toContain('.rel.dyn');
    expect(loaderRuleViolations(image)).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a mutable zero-initialised global (.bss), naming the section and the symbol', () => {
    expect(() => link([{ name: 'mutable-bss.o', bytes: objects['mutable-bss']! }])).toThrow(LinkError);
    expect(() => link([{ name: 'mutable-bss.o', bytes: objects['mutable-bss']! }])).toThrow(
      /mutable-bss\.o: section \.bss holds mutable global data \(symbols: call_counter\)/,
    );
  });

  it('refuses a mutable initialised global (.data), naming the section and the symbol', () => {
    expect(() => link([{ name: 'mutable-data.o', bytes: objects['mutable-data']! }])).toThrow(
      /mutable-data\.o: section \.data holds mutable global data \(symbols: running_total\)/,
    );
  });

  it('refuses a call to a function that is neither linked nor a syscall, naming it and the caller', () => {
    expect(() => link([{ name: 'unknown-symbol.o', bytes: objects['unknown-symbol']! }])).toThrow(
      /unknown-symbol\.o: \.text\+0x[0-9a-f]+ \(in entrypoint\): undefined symbol "sol_not_a_real_syscall"/,
    );
  });

  it('refuses 32-bit jumps from -mcpu=v3 and says how to compile', () => {
    expect(() => link(objects['jump32-v3']!)).toThrow(/32-bit jump instruction \(opcode 0x[0-9a-f]+\) is not SBPFv0; compile with -mcpu=v2/);
  });

  it('refuses objects without an entrypoint, duplicate definitions, and files that are not BPF objects', () => {
    expect(() => link([{ name: 'multi-helpers.o', bytes: objects['multi-helpers']! }])).toThrow(/no global function named "entrypoint"/);
    expect(() =>
      link([
        { name: 'a.o', bytes: objects['multi-helpers']! },
        { name: 'b.o', bytes: objects['multi-helpers']! },
        { name: 'main.o', bytes: objects['multi-main']! },
      ]),
    ).toThrow(/duplicate symbol "(weights|checksum)": defined in a\.o and in b\.o/);
    expect(() => link(new TextEncoder().encode('not an object file at all, just text padding it out to 64+ bytes....'))).toThrow(/not an ELF file/);
    expect(() => link(programs.hello!)).toThrow(/not a relocatable object/);
  });
});

describe('determinism', () => {
  it('gives the same bytes for the same input, and the same objects for the same source', () => {
    expect(Buffer.from(link(objects.relocations!)).equals(Buffer.from(programs.relocations!))).toBe(true);
    expect(Buffer.from(compiler.compile('relocations')).equals(Buffer.from(objects.relocations!))).toBe(true);
  });

  it('build-program gives identical bytes from two checkouts at different paths', () => {
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    const builds = [0, 1].map((i) => {
      const root = mkdtempSync(join(tmpdir(), `jelly-checkout-${i}-`));
      const nested = join(root, i === 0 ? 'a' : 'some/deeper/path');
      mkdirSync(join(nested, 'src'), { recursive: true });
      mkdirSync(join(nested, 'include'), { recursive: true });
      cpSync(join(FIXTURES_DIR, 'fixture.h'), join(nested, 'include/fixture.h'));
      cpSync(join(FIXTURES_DIR, 'multi-main.c'), join(nested, 'src/multi-main.c'));
      cpSync(join(FIXTURES_DIR, 'multi-helpers.c'), join(nested, 'src/multi-helpers.c'));
      try {
        return buildProgram({ rootDir: nested, sourcesDir: 'src', includeDir: 'include' });
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
    expect(sha(builds[0]!)).toBe(sha(builds[1]!));
    expect(loaderRuleViolations(inspectProgram(builds[0]!))).toEqual([]);
  });
});
