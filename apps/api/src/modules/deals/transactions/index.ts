/** A deal's escrow transactions: reserve, land, record (context.ts says how the three steps share the work). */
export { DEAL_BUSY, isDealBusy, NEVER_LANDED, PAYMENT_WINDOW_ACTOR } from './context.ts';
export type { DealTxContext, DealTxResult, SubmittedDealTransaction } from './context.ts';
export { submitDealTransaction } from './land.ts';
export { resolvePendingTransaction, settleStalePendingTransactions } from './record.ts';
export { answerIfRecorded } from './reserve.ts';
