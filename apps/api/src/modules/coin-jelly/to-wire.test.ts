// What a stored order looks like on the wire: amounts in whole coins at each coin's decimals, the status from the
// stage (the state table), the rate without trailing zeros, and each chain's payment link.
import { SwapStatus } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { KNOWN_MINTS } from '@jelly/contracts';
import { jellyCoin, jellyCoins } from './coins.ts';
import type { JellyEventRow, JellyOrderRow } from './jelly-writes.ts';
import { jellyOrderWire, paymentUri } from './to-wire.ts';

const at = new Date('2030-01-02T08:30:00Z');
const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
const coins = jellyCoins({ USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT });
const row = (over: Partial<JellyOrderRow> = {}): JellyOrderRow => ({
  id: 7,
  userWallet: 'User1111111111111111111111111111111111111',
  sendCoin: 'USDC',
  sendChain: 'Solana',
  receiveCoin: 'SOL',
  receiveChain: 'Solana',
  depositAddress: 'Dep11111111111111111111111111111111111111',
  depositTokenAccount: null,
  recipientAddress: 'Rcpt111111111111111111111111111111111111',
  refundAddress: 'Rfnd111111111111111111111111111111111111',
  amountSend: '100000000',
  amountReceive: '650000000',
  rate: '0.006500000000000000',
  received: '0',
  stage: 'awaiting_deposit',
  reason: null,
  payoutTx: null,
  pendingChoice: null,
  userConfirmedAt: null,
  createRequestHash: null,
  adminSince: null,
  waitingSince: null,
  expireAt: at,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const event = (over: Partial<JellyEventRow>): JellyEventRow => ({
  id: 1, orderId: 7, stage: 'awaiting_deposit', kind: 'deposit', actor: 'chain', signature: null, slot: null, amount: null, coin: null, note: null, createdAt: at,
  ...over,
});

describe('paymentUri', () => {
  it.each([
    ['SOL', 'Solana', 1_500_000_000n, 'solana:ADDR?amount=1.5&label=Jelly'],
    ['USDC', 'Solana', 2_000_000n, `solana:ADDR?amount=2&spl-token=${KNOWN_MINTS.USDC}&label=Jelly`],
    ['BTC', 'Bitcoin', 1_000n, 'bitcoin:ADDR?amount=0.00001'],
    // EIP-681 carries the value in wei, never a decimal.
    ['ETH', 'Ethereum', 10n ** 18n + 1n, 'ethereum:ADDR?value=1000000000000000001'],
  ] as const)('%s on %s', (code, chain, amount, uri) => {
    expect(paymentUri(jellyCoin(coins, code, chain)!, 'ADDR', amount)).toBe(uri);
  });
});

describe('jellyOrderWire', () => {
  it('shows amounts in whole coins at each coin’s decimals and the rate without trailing zeros', () => {
    const wire = jellyOrderWire(coins, row({ received: '50000000' }), []);
    expect(wire).toMatchObject({ amountUserSend: '100', amountUserWannaGet: '0.65', received: '50', rate: '0.0065', automatic: true });
    expect(jellyOrderWire(coins, row({ rate: '0.000000000000000000' }), []).rate).toBe('0');
    expect(jellyOrderWire(coins, row({ rate: '12.000000000000000000' }), []).rate).toBe('12');
  });

  it.each([
    ['awaiting_deposit', SwapStatus.Processing],
    ['refunding', SwapStatus.Processing],
    ['completed', SwapStatus.Completed],
    ['expired', SwapStatus.Failed],
  ] as const)('a %s order shows status %i', (stage, status) => {
    expect(jellyOrderWire(coins, row({ stage }), [])).toMatchObject({ stage, status });
  });

  it('says whether the user pressed I have sent the funds, and that an admin pays a pair off Solana', () => {
    expect(jellyOrderWire(coins, row({ userConfirmedAt: at }), []).userConfirmedSent).toBe(true);
    expect(jellyOrderWire(coins, row(), []).userConfirmedSent).toBe(false);
    const btc = row({ receiveCoin: 'BTC', receiveChain: 'Bitcoin', amountReceive: '123' });
    expect(jellyOrderWire(coins, btc, [])).toMatchObject({ automatic: false, amountUserWannaGet: '0.00000123', newUserCryptoChain: 'Bitcoin' });
  });

  it('shows each event’s amount in its own coin’s decimals, and none without a coin', () => {
    const wire = jellyOrderWire(coins, row(), [
      event({ id: 1, amount: '50000000', coin: 'USDC' }),
      event({ id: 2, kind: 'payout', amount: '650000000', coin: 'SOL' }),
      event({ id: 3, kind: 'expired', amount: '5', coin: null }),
    ]);
    expect(wire.events.map((e) => e.amount)).toEqual(['50', '0.65', null]);
  });

  it('names the cluster’s mint in the payment link, and gives none for a coin the cluster no longer offers', () => {
    expect(jellyOrderWire(jellyCoins({ USDC: DEVNET_USDC }), row(), []).paymentUri).toBe(`solana:${row().depositAddress}?amount=100&spl-token=${DEVNET_USDC}&label=Jelly`);
    const withdrawn = jellyOrderWire(jellyCoins({}), row(), []);
    expect(withdrawn).toMatchObject({ paymentUri: '', amountUserSend: '100', cryptoCurrencyFromUser: 'USDC' });
  });

  it('says what a waiting send needs: the payout at deposit_detected, the refund at refunding, nothing otherwise', () => {
    const usdcOut = { sendCoin: 'SOL', receiveCoin: 'USDC', waitingSince: at } as const;
    expect(jellyOrderWire(coins, row({ ...usdcOut, stage: 'deposit_detected' }), []).waitingForAccount).toEqual({
      payment: 'payout',
      address: row().recipientAddress,
      coin: 'USDC',
      mint: KNOWN_MINTS.USDC,
      since: at.toISOString(),
    });
    expect(jellyOrderWire(coins, row({ stage: 'refunding', waitingSince: at }), []).waitingForAccount).toMatchObject({ payment: 'refund', address: row().refundAddress, coin: 'USDC' });
    expect(jellyOrderWire(coins, row({ ...usdcOut, stage: 'settling' }), []).waitingForAccount).toBeNull();
    expect(jellyOrderWire(coins, row({ ...usdcOut, stage: 'deposit_detected', waitingSince: null }), []).waitingForAccount).toBeNull();
  });

  it('refuses a stored coin Coin Jelly does not offer on that chain (a broken row, not a guess)', () => {
    expect(() => jellyOrderWire(coins, row({ sendChain: 'Ethereum' }), [])).toThrow('Stored order with unknown coin USDC on Ethereum');
  });
});
