import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';

/** How many blocks a blockhash stays usable, as on a real cluster. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150;
const RECENT_BLOCKS_KEPT = 300;

export interface Block {
  readonly slot: number;
  readonly blockhash: string;
}

export interface BlockLedgerState {
  readonly slot: number;
  readonly recentBlocks: Block[];
}

/**
 * Slots and blockhashes. One processed transaction produces one block, so the slot, the block height
 * (equal to the slot: no slot is ever skipped) and the blockhash move forward together.
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

  produceBlock(): { block: Block; parent: number } {
    const parent = this.slot;
    const block = { slot: parent + 1, blockhash: newBlockhash() };
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
