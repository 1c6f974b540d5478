import { refused, type ProposedTransaction } from '../../../chain/transactions/index.ts';

export const OTHER_BLOCKHASH = "The transaction must keep the quote's blockhash: it bounds how long the swap can land.";

/**
 * The quote's blockhash is what makes the transaction die on chain shortly after the quote expires; a fresher one
 * would let a signed swap land long after its price was given.
 */
export function checkSameBlockhash(proposed: ProposedTransaction, quoteBlockhash: string): void {
  if (proposed.recentBlockhash !== quoteBlockhash) throw refused(OTHER_BLOCKHASH);
}
