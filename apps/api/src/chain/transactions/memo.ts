import { PublicKey, TransactionInstruction } from '@solana/web3.js';

/** The SPL Memo program (v3), on every cluster and the localnet. */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * A memo naming what a platform send is for ('jelly:12:payout', 'resolve:7:2'): it makes each send's bytes unique,
 * so two sends of equal effect within one blockhash's life are two transactions, not one signature.
 */
export function memoInstruction(text: string): TransactionInstruction {
  return new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, 'utf8') });
}
