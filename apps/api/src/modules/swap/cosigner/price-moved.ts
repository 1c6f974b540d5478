import { priceMovedBeyondBand } from '@jelly/domain';
import { swapRefusal } from '../swap-errors.ts';

/** Refuses when today's mid price would give an output beyond the band around the quote's mid output. */
export function checkPriceWithinBand(quotedMidOut: bigint, currentMidOut: bigint, bandBps: number): void {
  if (priceMovedBeyondBand(quotedMidOut, currentMidOut, bandBps)) throw swapRefusal('price_moved');
}
