import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';

/** How many blocks a blockhash stays usable, as on a real cluster. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
// The blocks getBlock can serve; also the SlotHashes sysvar's length.
const RECENT_BLOCKS_KEPT = 512;

export interface Block {
  readonly slot: number;
  readonly blockhash: string;
  /** Unix seconds; absent in states saved before blocks kept their time. */
  readonly blockTime?: number;
}

export interface BlockLedgerState {
  readonly slot: number;
  readonly recentBlocks: Block[];
}

/**
 * Slots and blockhashes. A block holds one processed transaction or none (the slot clock produces empty blocks
 * as time passes), so the slot, the block height (equal to the slot: no slot is ever skipped) and the
 * blockhash move forward together.
 */
export class BlockLedger {
  private recent: Block[];

  constructor(state?: BlockLedgerState) {
    this.recent = state && state.recentBlocks.length > 0
      ? [...state.recentBlocks]
      : [{ slot: state?.slot ?? 0, blockhash: newBlockhash() }];
  }

  get latest(): Block {
    return this.recent[this.recent.length - 1] as Block;
  }

  get slot(): number {
    return this.latest.slot;
  }

  get blockHeight(): number {
    return this.latest.slot;
  }

  /** The block height after which a transaction using the latest blockhash is refused. */
  get lastValidBlockHeight(): number {
    return this.blockHeight + BLOCKHASH_VALIDITY_BLOCKS;
  }

  /** The slot of a still-valid blockhash, or null when it is unknown or too old. */
  slotOfValidBlockhash(blockhash: string): number | null {
    for (let i = this.recent.length - 1; i >= 0; i -= 1) {
      const block = this.recent[i] as Block;
      if (block.slot < this.slot - BLOCKHASH_VALIDITY_BLOCKS) return null;
      if (block.blockhash === blockhash) return block.slot;
    }
    return null;
  }

  /** A kept block, or null when the slot is older than the kept window or not produced yet. */
  block(slot: number): { block: Block; previousBlockhash: string | null } | null {
    const index = slot - (this.recent[0] as Block).slot;
    const block = this.recent[index];
    if (!block || block.slot !== slot) return null;
    return { block, previousBlockhash: this.recent[index - 1]?.blockhash ?? null };
  }

  /** The oldest slot getBlock can serve. */
  get firstKeptSlot(): number {
    return (this.recent[0] as Block).slot;
  }

  produceBlock(blockTime: number): { block: Block; parent: number } {
    const parent = this.slot;
    const block = { slot: parent + 1, blockhash: newBlockhash(), blockTime };
    this.recent.push(block);
    if (this.recent.length > RECENT_BLOCKS_KEPT) this.recent.splice(0, this.recent.length - RECENT_BLOCKS_KEPT);
    return { block, parent };
  }

  /** Recent blocks, newest first (the SlotHashes sysvar's order). */
  recentBlocks(): Block[] {
    return [...this.recent].reverse();
  }

  toState(): BlockLedgerState {
    return { slot: this.slot, recentBlocks: [...this.recent] };
  }
}

function newBlockhash(): string {
  return bs58.encode(randomBytes(32));
}
