import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, TransactionInstruction, TransactionMessage } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { feeForMessage } from './fees.ts';

const payer = Keypair.generate().publicKey;
const memo = new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [], data: Buffer.from('x') });
const transfer = (from = payer) => SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 1 });
const message = (...instructions: TransactionInstruction[]) =>
  new TransactionMessage({ payerKey: payer, recentBlockhash: Keypair.generate().publicKey.toBase58(), instructions }).compileToLegacyMessage();

describe('feeForMessage', () => {
  it('charges 5,000 lamports per signature', () => {
    expect(feeForMessage(message(transfer()))).toBe(5000);
    expect(feeForMessage(message(transfer(), transfer(Keypair.generate().publicKey)))).toBe(10_000);
  });

  it('adds the priority fee on the explicit compute-unit limit, rounded up', () => {
    const limit = ComputeBudgetProgram.setComputeUnitLimit({ units: 10_001 });
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 3 });
    // ceil(3 × 10,001 / 10^6) = 1
    expect(feeForMessage(message(limit, price, memo))).toBe(5001);
    const dear = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 });
    expect(feeForMessage(message(limit, dear, memo))).toBe(5000 + 10_001);
  });

  it('defaults the limit to 3,000 units per builtin and 200,000 per program instruction', () => {
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 });
    expect(feeForMessage(message(price, transfer()))).toBe(5000 + 6_000);
    expect(feeForMessage(message(price, memo))).toBe(5000 + 203_000);
  });
});
