// Applies clang's BPF relocations to the laid-out `.text` and `.rodata`, the way the SBPFv0 loader expects them:
//  - R_BPF_64_32 (call) to a program function → relative `call imm`, imm = target_pc - pc - 1 (in instructions);
//    the loader turns every `call imm` with imm != -1 into a call of pc + 1 + imm (solana-sbpf elf.rs `relocate`).
//  - R_BPF_64_32 to a syscall → left as `call -1` and reported, so the writer emits a dynamic relocation.
//  - R_BPF_64_64 (lddw) and R_BPF_64_ABS64 (data) → absolute VM address 0x1_0000_0000 + file address.
// clang stores the addends in place (REL): in the imm of lddw / call, in the 8 data bytes for ABS64. For calls,
// target = S + (imm + 1) * 8, where imm is -1 for a call to a named function and (offset / 8 - 1) for a call
// through a section symbol.

import {
  INSN_SIZE,
  MM_RODATA_START,
  OP_CALL_IMM,
  OP_CALL_REG,
  OP_LDDW,
  R_BPF_64_32,
  R_BPF_64_64,
  R_BPF_64_ABS64,
  R_BPF_NONE,
  STT_FUNC,
} from './elf-constants.ts';
import type { SyscallCallSite } from './elf-write.ts';
import type { InputObject } from './input-object.ts';
import type { Layout } from './layout.ts';
import { LinkError } from './link-error.ts';
import type { SymbolResolver } from './symbols.ts';

const RELOCATION_NAMES: Record<number, string> = {
  1: 'R_BPF_64_64',
  2: 'R_BPF_64_ABS64',
  3: 'R_BPF_64_ABS32',
  4: 'R_BPF_64_NODYLD32',
  10: 'R_BPF_64_32',
};

function describeSite(object: InputObject, sectionIndex: number, offset: number): string {
  const section = object.elf.sections[sectionIndex];
  const fn = object.symbols.find(
    (s) => s.type === STT_FUNC && s.shndx === sectionIndex && s.value <= BigInt(offset) && BigInt(offset) < s.value + s.size,
  );
  const where = `${object.label}: ${section?.name ?? `#${sectionIndex}`}+0x${offset.toString(16)}`;
  return fn ? `${where} (in ${fn.name})` : where;
}

function vmAddress(address: number): bigint {
  return MM_RODATA_START + BigInt(address);
}

/** Patches `layout.text` / `layout.rodata` in place and returns the syscall call sites. */
export function applyRelocations(objects: InputObject[], layout: Layout, symbols: SymbolResolver): SyscallCallSite[] {
  const calls: SyscallCallSite[] = [];
  const textView = new DataView(layout.text.buffer, layout.text.byteOffset, layout.text.byteLength);
  const rodataView = new DataView(layout.rodata.buffer, layout.rodata.byteOffset, layout.rodata.byteLength);

  objects.forEach((object, objectIndex) => {
    for (const [sectionIndex, relocations] of object.relocations) {
      const placement = layout.placements[objectIndex]?.get(sectionIndex);
      const section = object.elf.sections[sectionIndex];
      if (!placement || !section) continue;
      for (const relocation of relocations) {
        const offset = Number(relocation.offset);
        const site = describeSite(object, sectionIndex, offset);
        const typeName = RELOCATION_NAMES[relocation.type] ?? `type ${relocation.type}`;
        if (relocation.type === R_BPF_NONE) continue;
        const width = relocation.type === R_BPF_64_64 ? 16 : 8;
        if (offset < 0 || offset + width > section.size) throw new LinkError(`${site}: ${typeName} lies outside its section`);
        const target = symbols.resolve(objectIndex, relocation.symbol, site);
        const at = placement.offset + offset;

        if (placement.kind === 'text' && relocation.type === R_BPF_64_32) {
          if (textView.getUint8(at) !== OP_CALL_IMM) throw new LinkError(`${site}: R_BPF_64_32 does not point at a call instruction`);
          if (target.kind === 'syscall') {
            textView.setInt32(at + 4, -1, true);
            calls.push({ name: target.name, textOffset: at });
            continue;
          }
          const destination = target.address + (textView.getInt32(at + 4, true) + 1) * INSN_SIZE;
          const textEnd = layout.textAddress + layout.text.length;
          if (target.placement.kind !== 'text' || destination < layout.textAddress || destination >= textEnd || destination % INSN_SIZE) {
            throw new LinkError(`${site}: call to "${target.name}", which is not a function in the program text`);
          }
          const imm = (destination - (layout.textAddress + at)) / INSN_SIZE - 1;
          if (imm === -1) throw new LinkError(`${site}: a call to the very same instruction cannot be encoded (imm -1 means "syscall")`);
          textView.setInt32(at + 4, imm, true);
        } else if (placement.kind === 'text' && relocation.type === R_BPF_64_64) {
          if (textView.getUint8(at) !== OP_LDDW) throw new LinkError(`${site}: R_BPF_64_64 does not point at an lddw instruction`);
          if (target.kind === 'syscall') throw new LinkError(`${site}: the address of syscall "${target.name}" cannot be taken`);
          const value = vmAddress(target.address + textView.getInt32(at + 4, true));
          textView.setUint32(at + 4, Number(value & 0xffffffffn), true);
          textView.setUint32(at + 12, Number(value >> 32n), true);
        } else if (placement.kind === 'rodata' && relocation.type === R_BPF_64_ABS64) {
          if (target.kind === 'syscall') throw new LinkError(`${site}: the address of syscall "${target.name}" cannot be stored`);
          const value = vmAddress(target.address) + rodataView.getBigInt64(at, true);
          rodataView.setBigUint64(at, value, true);
        } else {
          throw new LinkError(`${site}: unsupported relocation ${typeName} in ${placement.kind === 'text' ? 'code' : 'read-only data'} (symbol "${target.name}")`);
        }
      }
    }
  });
  return calls;
}

/**
 * Instruction-level fixes for SBPFv0, applied to the whole text:
 *  - `callx`: upstream clang puts the register in the dst field, SBPFv0 reads it from imm
 *    (solana-sbpf interpreter: `reg[insn.imm]` unless the version uses src/dst registers, i.e. v2+/v3+).
 *  - JMP32-class instructions (clang -mcpu=v3) do not exist in SBPFv0: refuse them here with a clear message.
 */
export function fixInstructions(text: Uint8Array): void {
  const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
  for (let at = 0; at + INSN_SIZE <= text.length; at += INSN_SIZE) {
    const opcode = view.getUint8(at);
    if (opcode === OP_LDDW) {
      at += INSN_SIZE; // the second half of lddw carries data, not an opcode
      continue;
    }
    if (opcode === OP_CALL_REG) {
      const dst = view.getUint8(at + 1) & 0x0f;
      const imm = view.getInt32(at + 4, true);
      if (imm === 0) view.setInt32(at + 4, dst, true);
      else if (imm !== dst && dst !== 0) throw new LinkError(`.text+0x${at.toString(16)}: callx names two different registers`);
    } else if ((opcode & 0x07) === 0x06) {
      throw new LinkError(
        `.text+0x${at.toString(16)}: 32-bit jump instruction (opcode 0x${opcode.toString(16)}) is not SBPFv0; compile with -mcpu=v2`,
      );
    }
  }
}
