import { type WindowDeal, type WindowRefusal, isWindowOwner } from './rules.ts';

export const WINDOW_EXTENSION_NOT_YOURS =
  'Only the party the payment window waits on can ask for more time: the seller until the tokens are locked, then the buyer.';

/**
 * More time is asked for by the party who needs it to act: the other one has nothing to do in this window, and may
 * only accept or decline the request.
 */
export function notWindowOwnerRefusal(deal: WindowDeal, wallet: string | null | undefined): WindowRefusal | null {
  return isWindowOwner(deal, wallet) ? null : { kind: 'forbidden', message: WINDOW_EXTENSION_NOT_YOURS };
}
