// Symbol resolution across the input objects: global definitions, local symbols, and syscall imports.

import { SHN_ABS, SHN_UNDEF, STB_GLOBAL, STB_LOCAL, STB_WEAK, STT_FUNC } from './elf-constants.ts';
import type { ElfSymbol } from './elf-read.ts';
import type { FunctionSymbol } from './elf-write.ts';
import type { InputObject } from './input-object.ts';
import type { Layout, Placement } from './layout.ts';
import { LinkError } from './link-error.ts';
import { SOLANA_SYSCALLS } from './syscalls.ts';

export type ResolvedSymbol =
  | { kind: 'defined'; name: string; address: number; placement: Placement }
  | { kind: 'syscall'; name: string };

interface Definition {
  objectIndex: number;
  symbol: ElfSymbol;
}

export class SymbolResolver {
  private readonly globals = new Map<string, Definition>();

  constructor(
    private readonly objects: InputObject[],
    private readonly layout: Layout,
  ) {
    objects.forEach((object, objectIndex) => {
      for (const symbol of object.symbols) {
        if (symbol.bind === STB_LOCAL || symbol.shndx === SHN_UNDEF || !symbol.name) continue;
        if (symbol.bind !== STB_GLOBAL && symbol.bind !== STB_WEAK) continue;
        const existing = this.globals.get(symbol.name);
        if (existing && existing.symbol.bind === STB_GLOBAL && symbol.bind === STB_GLOBAL) {
          const first = objects[existing.objectIndex]?.label;
          throw new LinkError(`duplicate symbol "${symbol.name}": defined in ${first} and in ${object.label}`);
        }
        if (!existing || (existing.symbol.bind === STB_WEAK && symbol.bind === STB_GLOBAL)) {
          this.globals.set(symbol.name, { objectIndex, symbol });
        }
      }
    });
  }

  private definedAddress(objectIndex: number, symbol: ElfSymbol, context: string): ResolvedSymbol {
    const object = this.objects[objectIndex];
    if (!object) throw new Error(`internal: object ${objectIndex} missing`);
    const name = symbol.name || object.elf.sections[symbol.shndx]?.name || `#${symbol.index}`;
    if (symbol.shndx === SHN_ABS) throw new LinkError(`${context}: absolute symbol "${name}" cannot be relocated`);
    const placement = this.layout.placements[objectIndex]?.get(symbol.shndx);
    if (!placement) {
      const section = object.elf.sections[symbol.shndx]?.name ?? `#${symbol.shndx}`;
      throw new LinkError(`${context}: symbol "${name}" lives in section ${section}, which is not part of the program`);
    }
    return { kind: 'defined', name, address: placement.address + Number(symbol.value), placement };
  }

  /** Resolves the symbol a relocation of `objectIndex` refers to. `context` names the relocation site. */
  resolve(objectIndex: number, symbolIndex: number, context: string): ResolvedSymbol {
    const symbol = this.objects[objectIndex]?.symbols[symbolIndex];
    if (!symbol) throw new LinkError(`${context}: relocation refers to missing symbol #${symbolIndex}`);
    if (symbol.shndx !== SHN_UNDEF && symbol.bind === STB_LOCAL) return this.definedAddress(objectIndex, symbol, context);
    const definition = this.globals.get(symbol.name);
    if (definition) return this.definedAddress(definition.objectIndex, definition.symbol, context);
    if (SOLANA_SYSCALLS.has(symbol.name)) return { kind: 'syscall', name: symbol.name };
    throw new LinkError(
      `${context}: undefined symbol "${symbol.name}" — it is neither defined in the linked objects nor a Solana syscall` +
        (symbol.name.startsWith('mem') ? ' (use sol_memcpy_/sol_memset_/sol_memcmp_ instead of the C library)' : ''),
    );
  }

  /** The `entrypoint` function: a global function in the program text. */
  entrypoint(): { offset: number; size: number } {
    const definition = this.globals.get('entrypoint');
    if (!definition || definition.symbol.type !== STT_FUNC) {
      throw new LinkError('no global function named "entrypoint" in the linked objects');
    }
    const resolved = this.definedAddress(definition.objectIndex, definition.symbol, 'entrypoint');
    if (resolved.kind !== 'defined' || resolved.placement.kind !== 'text') {
      throw new LinkError('"entrypoint" is not in a code section');
    }
    return { offset: resolved.address - this.layout.textAddress, size: Number(definition.symbol.size) };
  }

  /** Every function defined in the program text, for the output's .symtab. */
  functions(): FunctionSymbol[] {
    const result: FunctionSymbol[] = [];
    this.objects.forEach((object, objectIndex) => {
      for (const symbol of object.symbols) {
        if (symbol.type !== STT_FUNC || symbol.shndx === SHN_UNDEF || !symbol.name) continue;
        const placement = this.layout.placements[objectIndex]?.get(symbol.shndx);
        if (!placement || placement.kind !== 'text') continue;
        if (symbol.bind !== STB_LOCAL && this.globals.get(symbol.name)?.symbol !== symbol) continue; // overridden weak
        result.push({
          name: symbol.name,
          textOffset: placement.offset + Number(symbol.value),
          size: Number(symbol.size),
          global: symbol.bind !== STB_LOCAL,
        });
      }
    });
    return result;
  }
}
