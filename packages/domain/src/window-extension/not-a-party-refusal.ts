import { NOT_A_PARTY } from '../messages.ts';
import { type WindowDeal, type WindowRefusal, isWindowParty } from './rules.ts';

/** Only the deal's two parties ask for or answer an extension (an admin or a visitor has no window to extend). */
export function notAPartyRefusal(deal: WindowDeal, wallet: string | null | undefined): WindowRefusal | null {
  return isWindowParty(deal, wallet) ? null : { kind: 'forbidden', message: NOT_A_PARTY };
}
