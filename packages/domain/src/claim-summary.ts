/**
 * What each side of a claimed deal sends and receives, for Confirm Operation. The fee is the escrow program's
 * fee_bps (fees.ts): taken in tokens from the payout to the fiat side, so the buyer of the tokens pays it and the
 * seller receives the whole fiat amount.
 */
import { feeAmount, formatFeePercent } from './fees.ts';
import { formatCents, fromBaseUnits } from './money.ts';
import { OfferSide } from './sides-and-sorting.ts';

export interface ClaimSummaryInput {
  /** The offer's side: a Sell offer is claimed by a buyer (the fiat side), a Buy offer by a seller. */
  readonly offerSide: OfferSide | number;
  /** The claimed amount in token base units. */
  readonly amount: bigint;
  readonly tokenDecimals: number;
  readonly tokenName: string;
  /** The deal's fiat amount in cents (the same figure the deal will ask). */
  readonly fiatCents: bigint;
  readonly fiatCode: string;
  readonly feeBps: number;
}

export interface ClaimSummary {
  /** '8.91 GBP' */
  readonly fiatTotal: string;
  /** The claimer: 'You pay 8.91 GBP · you receive 9.975 USDT (fee 0.025 USDT, 0.25%)'. */
  readonly you: string;
  /** The offer's creator: 'The seller sends 10 USDT · receives 8.91 GBP'. */
  readonly counterparty: string;
  /** '0.025 USDT (0.25%)' */
  readonly fee: string;
  /** Who pays the fee: 'The buyer, out of the USDT they receive'. */
  readonly feePaidBy: string;
}

export function claimSummary(input: ClaimSummaryInput): ClaimSummary {
  const fee = feeAmount(input.amount, input.feeBps);
  const tokens = (units: bigint) => `${fromBaseUnits(units, input.tokenDecimals)} ${input.tokenName}`;
  const fiat = `${formatCents(input.fiatCents)} ${input.fiatCode}`;
  const feeNote = `fee ${tokens(fee)}, ${formatFeePercent(input.feeBps)}`;
  const buyerGets = `${tokens(input.amount - fee)} (${feeNote})`;
  const claimerBuys = input.offerSide === OfferSide.Sell;
  return {
    fiatTotal: fiat,
    you: claimerBuys
      ? `You pay ${fiat} · you receive ${buyerGets}`
      : `You send ${tokens(input.amount)} · you receive ${fiat}`,
    counterparty: claimerBuys
      ? `The seller sends ${tokens(input.amount)} · receives ${fiat}`
      : `The buyer pays ${fiat} · receives ${buyerGets}`,
    fee: `${tokens(fee)} (${formatFeePercent(input.feeBps)})`,
    feePaidBy: `The buyer, out of the ${input.tokenName} they receive`,
  };
}
