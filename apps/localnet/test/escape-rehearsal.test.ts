// The rehearsal of "Jelly disappears" (scripts/escape-rehearsal.ts): after the admin key is dropped and the chain's
// clock passes the deadline, the CLI kit alone brings every token back to the wallet it belongs to, to the base unit,
// each party paying only its own network fees, and no escrow token account is left holding anything.
import { DEFAULT_CONFIG } from '@jelly/escrow';
import { describe, expect, it } from 'vitest';
import { rehearseEscape } from '../scripts/escape-rehearsal.ts';

describe('the escape rehearsal on a bare localnet', () => {
  it('recovers every token of three locked deals with the escape kit alone', async () => {
    const figures = await rehearseEscape();
    const [abandoned, released, secondOffer] = figures.deals;
    expect(abandoned?.recovered).toBe(abandoned?.amount);
    expect(secondOffer?.recovered).toBe(secondOffer?.amount);
    // the released deal pays the buyer the amount less the platform's fee, which reaches the treasury
    const fee = figures.tokens.treasury!.after - figures.tokens.treasury!.before;
    expect(fee).toBe((released!.amount * BigInt(DEFAULT_CONFIG.feeBps)) / 10_000n);
    expect(released?.recovered).toBe(released!.amount - fee);
    // the seller's tokens: all back but what it released
    expect(figures.tokens.seller!.after).toBe(figures.tokens.seller!.before - released!.amount);
    expect(figures.tokens.buyerA!.after).toBe(0n);
    expect(figures.tokens.buyerC!.after).toBe(0n);
    // both offers were closed by their creator's own escape, and nothing is left in escrow
    expect(figures.offersRecovered.every((amount) => amount !== null)).toBe(true);
    expect(figures.vaultsLeft).toBe(0n);
    // the parties who sent paid network fees; the buyers who had nothing to take paid nothing
    expect(figures.lamportsPaid.seller).toBeGreaterThan(0n);
    expect(figures.lamportsPaid.buyerB).toBeGreaterThan(0n);
    expect(figures.lamportsPaid.buyerA).toBe(0n);
    expect(figures.lamportsPaid.buyerC).toBe(0n);
    // the kit refused nothing: every send it chose was confirmed
    expect(figures.kitOutput.filter((line) => line.startsWith('refused'))).toEqual([]);
  }, 120_000);
});
