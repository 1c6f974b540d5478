import { forbidden } from '../../../errors.ts';

export const NOT_YOUR_QUOTE = 'This quote was given to another wallet.';

/** A quote is firm for the wallet it was given to only. */
export function checkQuoteOwner(quoteWallet: string, caller: string): void {
  if (quoteWallet !== caller) throw forbidden(NOT_YOUR_QUOTE);
}
