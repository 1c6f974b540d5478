import { describe, expect, it } from 'vitest';
import { buyerAndSeller, counterpartyWallet, cryptoSideWallet, dealRoleOf, fiatSideWallet, isDealParty } from './deal-roles.ts';

const C = 'CreatorWallet111111111111111111111111111111';
const A = 'AcceptorWallet11111111111111111111111111111';
const X = 'Stranger111111111111111111111111111111111111';

describe('fiat side and crypto side', () => {
  it.each([
    ['Buy offer: creator is fiat side', 1, C, A],
    ['Sell offer: creator is crypto side', 0, A, C],
  ])('%s', (_name, offerSide, fiat, crypto) => {
    const order = { creatorWallet: C, acceptorWallet: A, offerSide };
    expect(fiatSideWallet(order)).toBe(fiat);
    expect(cryptoSideWallet(order)).toBe(crypto);
    expect(dealRoleOf(order, fiat)).toBe('fiat');
    expect(dealRoleOf(order, crypto)).toBe('crypto');
    expect(dealRoleOf(order, X)).toBeNull();
    expect(buyerAndSeller(order)).toEqual({ buyerWallet: fiat, sellerWallet: crypto });
  });

  it.each([null, undefined, ''])('an acceptor of %j is unknown, not a wallet', (acceptorWallet) => {
    expect(fiatSideWallet({ creatorWallet: C, acceptorWallet, offerSide: 0 })).toBeNull();
    expect(cryptoSideWallet({ creatorWallet: C, acceptorWallet, offerSide: 1 })).toBeNull();
    expect(dealRoleOf({ creatorWallet: C, acceptorWallet, offerSide: 0 }, '')).toBeNull();
  });

  it('finds the counterparty and the parties', () => {
    const order = { creatorWallet: C, acceptorWallet: A, offerSide: 1 };
    expect(counterpartyWallet(order, C)).toBe(A);
    expect(counterpartyWallet(order, A)).toBe(C);
    expect(counterpartyWallet(order, X)).toBeNull();
    expect(counterpartyWallet(order, null)).toBeNull();
    expect(isDealParty(order, C)).toBe(true);
    expect(isDealParty(order, A)).toBe(true);
    expect(isDealParty(order, X)).toBe(false);
    expect(isDealParty({ creatorWallet: C, acceptorWallet: null, offerSide: 1 }, undefined)).toBe(false);
  });
});
