// The SBF linker: clang BPF relocatable objects in, one SBPFv0 shared object out (what `solana program deploy`
// and the upgradeable BPF loader accept). Same input bytes → same output bytes: nothing depends on time,
// paths or map iteration order other than the input order.

import { writeSharedObject } from './elf-write.ts';
import { readInputObject } from './input-object.ts';
import { layOut } from './layout.ts';
import { LinkError } from './link-error.ts';
import { applyRelocations, fixInstructions } from './relocate.ts';
import { SymbolResolver } from './symbols.ts';

export { LinkError } from './link-error.ts';

export interface LinkInput {
  /** Used in error messages, for example the object's file name. */
  name: string;
  bytes: Uint8Array;
}

/** Links one object (bytes) or several named objects, in the given order, into a program shared object. */
export function link(input: Uint8Array | readonly LinkInput[]): Uint8Array {
  const inputs: readonly LinkInput[] = input instanceof Uint8Array ? [{ name: 'input.o', bytes: input }] : input;
  if (inputs.length === 0) throw new LinkError('nothing to link');
  const objects = inputs.map((i) => readInputObject(i.bytes, i.name));
  const layout = layOut(objects);
  if (layout.text.length === 0) throw new LinkError('the objects contain no code');
  const symbols = new SymbolResolver(objects, layout);
  const entry = symbols.entrypoint();
  const syscallCalls = applyRelocations(objects, layout, symbols);
  fixInstructions(layout.text);
  return writeSharedObject({
    text: layout.text,
    rodata: layout.rodata,
    rodataAlign: layout.rodataAlign,
    entryOffset: entry.offset,
    entrySize: entry.size,
    syscallCalls,
    functions: symbols.functions(),
  });
}
