import { swapRefusal } from '../swap-errors.ts';

/** After `expireAt` the desk signs nothing for the quote: the user asks for a fresh one. */
export function checkQuoteNotExpired(expireAt: Date, now: Date): void {
  if (now.getTime() > expireAt.getTime()) throw swapRefusal('quote_expired');
}
