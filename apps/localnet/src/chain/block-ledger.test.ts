import { describe, expect, it } from 'vitest';
import { BLOCKHASH_VALIDITY_BLOCKS, BlockLedger } from './block-ledger.ts';

describe('BlockLedger', () => {
  it('produces one block per call, with a new blockhash and the slot as block height', () => {
    const ledger = new BlockLedger();
    const genesis = ledger.latest;
    const { block, parent } = ledger.produceBlock(1_700_000_000);
    expect(parent).toBe(genesis.slot);
    expect(block.slot).toBe(genesis.slot + 1);
    expect(block.blockhash).not.toBe(genesis.blockhash);
    expect(ledger.blockHeight).toBe(block.slot);
    expect(ledger.lastValidBlockHeight).toBe(block.slot + BLOCKHASH_VALIDITY_BLOCKS);
  });

  it('keeps a blockhash valid for 150 blocks, then refuses it', () => {
    const ledger = new BlockLedger();
    const old = ledger.latest.blockhash;
    for (let i = 0; i < BLOCKHASH_VALIDITY_BLOCKS; i += 1) ledger.produceBlock(1_700_000_000);
    expect(ledger.slotOfValidBlockhash(old)).toBe(0);
    ledger.produceBlock(1_700_000_000);
    expect(ledger.slotOfValidBlockhash(old)).toBeNull();
    expect(ledger.slotOfValidBlockhash('unknown')).toBeNull();
  });

  it('resumes from a saved state', () => {
    const ledger = new BlockLedger();
    for (let i = 0; i < 5; i += 1) ledger.produceBlock(1_700_000_000);
    const resumed = new BlockLedger(ledger.toState());
    expect(resumed.latest).toEqual(ledger.latest);
    expect(resumed.slotOfValidBlockhash(ledger.latest.blockhash)).toBe(5);
    expect(resumed.produceBlock(1_700_000_000).block.slot).toBe(6);
  });

  it('serves kept blocks with their parent blockhash and time, and nothing outside the window', () => {
    const ledger = new BlockLedger();
    const genesis = ledger.latest;
    const { block } = ledger.produceBlock(1_700_000_123);
    expect(ledger.block(block.slot)).toEqual({ block, previousBlockhash: genesis.blockhash });
    expect(ledger.block(genesis.slot)?.previousBlockhash).toBeNull();
    expect(ledger.block(block.slot + 1)).toBeNull();
    for (let i = 0; i < 600; i += 1) ledger.produceBlock(1_700_000_200);
    expect(ledger.block(block.slot)).toBeNull();
    expect(ledger.firstKeptSlot).toBe(ledger.slot - 511);
    expect(ledger.block(ledger.firstKeptSlot)?.block.slot).toBe(ledger.firstKeptSlot);
  });
});
