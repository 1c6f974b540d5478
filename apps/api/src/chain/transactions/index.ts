/**
 * The transaction toolkit every money path shares: decoding a proposed transaction strictly, simulating, sending,
 * confirming and asking the chain where a signature stands. Nothing here signs: signing with a platform key is the
 * gate's alone (chain/gate).
 */
export { readTransaction, hasValidSignature, refused } from './read-transaction.ts';
export type { ProposedTransaction, ReadInstruction } from './read-transaction.ts';
export { MAX_COMPUTE_UNIT_LIMIT, MAX_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS, MAX_PRIORITY_FEE_LAMPORTS } from './compute-budget-limits.ts';
export {
  BLOCKHASH_EXPIRED_MESSAGE,
  CONFIRM_TIMEOUT_MS,
  chainFailure,
  confirmOrThrow,
  isBlockhashStillValid,
  rpcUnavailable,
  sendRaw,
  signatureOf,
  signatureOutcome,
  simulateOrThrow,
  transactionLogs,
} from './submit-transaction.ts';
export type { SignatureOutcome } from './submit-transaction.ts';
export { landTransaction } from './land-transaction.ts';
export { memoInstruction } from './memo.ts';
export type { Landing } from './land-transaction.ts';
