// Places every code section of every object into one `.text` and every read-only data section into one
// `.rodata` (the loader only maps sections named exactly `.text` and `.rodata`), in input order.

import { alignUp } from './byte-writer.ts';
import { TEXT_ADDRESS, rodataAddress } from './elf-write.ts';
import type { InputObject } from './input-object.ts';

export interface Placement {
  kind: 'text' | 'rodata';
  /** Offset inside the output section. */
  offset: number;
  /** Address in the output file (= file offset). */
  address: number;
}

export interface Layout {
  text: Uint8Array;
  rodata: Uint8Array;
  rodataAlign: number;
  textAddress: number;
  rodataAddress: number;
  /** placements[objectIndex].get(sectionIndex) */
  placements: Map<number, Placement>[];
}

export function layOut(objects: InputObject[]): Layout {
  let textSize = 0;
  let rodataSize = 0;
  let rodataAlign = 8;
  const offsets = objects.map((object) => {
    const placed = new Map<number, { kind: 'text' | 'rodata'; offset: number }>();
    for (const section of object.elf.sections) {
      const kind = object.kinds[section.index];
      if (kind === 'text') {
        textSize = alignUp(textSize, 8);
        placed.set(section.index, { kind, offset: textSize });
        textSize += section.size;
      } else if (kind === 'rodata') {
        const align = Math.max(1, section.addralign);
        rodataAlign = Math.max(rodataAlign, align);
        rodataSize = alignUp(rodataSize, align);
        placed.set(section.index, { kind, offset: rodataSize });
        rodataSize += section.size;
      }
    }
    return placed;
  });
  textSize = alignUp(textSize, 8);

  const text = new Uint8Array(textSize);
  const rodata = new Uint8Array(rodataSize);
  const rodataAddr = rodataAddress(textSize, rodataAlign);
  const placements = offsets.map((placed, objectIndex) => {
    const result = new Map<number, Placement>();
    for (const [sectionIndex, { kind, offset }] of placed) {
      const section = objects[objectIndex]?.elf.sections[sectionIndex];
      if (!section) continue;
      (kind === 'text' ? text : rodata).set(section.data, offset);
      result.set(sectionIndex, { kind, offset, address: (kind === 'text' ? TEXT_ADDRESS : rodataAddr) + offset });
    }
    return result;
  });
  return { text, rodata, rodataAlign, textAddress: TEXT_ADDRESS, rodataAddress: rodataAddr, placements };
}
