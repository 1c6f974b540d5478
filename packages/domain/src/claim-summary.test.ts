import { describe, expect, it } from 'vitest';
import { claimSummary } from './claim-summary.ts';
import { OfferSide } from './sides-and-sorting.ts';

const base = { amount: 10_000_000n, tokenDecimals: 6, tokenName: 'USDT', fiatCents: 891n, fiatCode: 'GBP', feeBps: 25 };

describe('claim summary', () => {
  it('a buyer claiming a Sell offer pays the fiat and receives the tokens less the fee', () => {
    expect(claimSummary({ ...base, offerSide: OfferSide.Sell })).toEqual({
      fiatTotal: '8.91 GBP',
      you: 'You pay 8.91 GBP · you receive 9.975 USDT (fee 0.025 USDT, 0.25%)',
      counterparty: 'The seller sends 10 USDT · receives 8.91 GBP',
      fee: '0.025 USDT (0.25%)',
      feePaidBy: 'The buyer, out of the USDT they receive',
    });
  });

  it('a seller claiming a Buy offer sends the tokens and receives the whole fiat amount', () => {
    expect(claimSummary({ ...base, offerSide: OfferSide.Buy })).toEqual({
      fiatTotal: '8.91 GBP',
      you: 'You send 10 USDT · you receive 8.91 GBP',
      counterparty: 'The buyer pays 8.91 GBP · receives 9.975 USDT (fee 0.025 USDT, 0.25%)',
      fee: '0.025 USDT (0.25%)',
      feePaidBy: 'The buyer, out of the USDT they receive',
    });
  });

  it('reads the fee from the configured basis points, rounding the fee down to a base unit', () => {
    const summary = claimSummary({ ...base, offerSide: OfferSide.Sell, amount: 1_234_567n, feeBps: 20 });
    expect(summary.you).toBe('You pay 8.91 GBP · you receive 1.232098 USDT (fee 0.002469 USDT, 0.2%)');
    expect(claimSummary({ ...base, offerSide: OfferSide.Sell, feeBps: 0 }).you).toBe('You pay 8.91 GBP · you receive 10 USDT (fee 0 USDT, 0%)');
  });
});
