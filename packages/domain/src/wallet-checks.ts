/** Balance checks before an on-chain action. */
import { MIN_LAMPORTS_FOR_FEES } from './constants.ts';
import { NEED_SOL_FOR_FEES, insufficientBalanceMessage } from './messages.ts';
import { type Check, fail, pass } from './result.ts';

/** The wallet needs at least 0.001 SOL (1,000,000 lamports) to pay fees. */
export function checkSolForFees(lamports: bigint): Check {
  return lamports >= MIN_LAMPORTS_FOR_FEES ? pass() : fail(NEED_SOL_FOR_FEES);
}

export interface SellBalanceInput {
  /** Token balance of the wallet, base units. */
  readonly balance: bigint;
  /** Amount to sell, base units. */
  readonly amount: bigint;
  readonly symbol: string;
  /** The amount as the user typed / sees it, for the message. */
  readonly amountText: string;
}

/** When selling, the asset balance must cover the amount. */
export function checkSellBalance({ balance, amount, symbol, amountText }: SellBalanceInput): Check {
  return balance >= amount ? pass() : fail(insufficientBalanceMessage(symbol, amountText));
}
