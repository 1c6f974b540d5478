import type { JellyChain, JellyCoin, JellyCoinCode, JellyEvent, JellyListItem, JellyOrder } from '@jelly/contracts';
import { fromBaseUnits, jellyStatusOf } from '@jelly/domain';
import { coinFacts, jellyCoin } from './coins.ts';
import type { JellyEventRow, JellyOrderRow } from './jelly-writes.ts';
import { accountWaitOf } from './wait-for-account.ts';

function coinOf(code: JellyCoinCode, chain: JellyChain) {
  const coin = coinFacts(code, chain);
  if (!coin) throw new Error(`Stored order with unknown coin ${code} on ${chain}`);
  return coin;
}

/** A wallet's payment link: Solana Pay (amount + SPL mint), BIP-21 for Bitcoin, EIP-681 (value in wei) for Ether. */
export function paymentUri(coin: JellyCoin, address: string, amountBase: bigint): string {
  const amount = fromBaseUnits(amountBase, coin.decimals);
  if (coin.chain === 'Solana') {
    const params = new URLSearchParams({ amount });
    if (coin.mint) params.set('spl-token', coin.mint);
    params.set('label', 'Jelly');
    return `solana:${address}?${params.toString()}`;
  }
  if (coin.chain === 'Bitcoin') return `bitcoin:${address}?amount=${amount}`;
  return `ethereum:${address}?value=${amountBase.toString()}`;
}

/** `coins`: those offered on this cluster, whose mints the payment link names. */
export function jellyListItemWire(coins: readonly JellyCoin[], row: JellyOrderRow): JellyListItem {
  const payable = jellyCoin(coins, row.sendCoin, row.sendChain);
  const send = coinOf(row.sendCoin, row.sendChain);
  const receive = coinOf(row.receiveCoin, row.receiveChain);
  return {
    id: row.id,
    txID: row.payoutTx,
    status: jellyStatusOf(row.stage),
    stage: row.stage,
    reason: row.reason,
    userWallet: row.userWallet,
    cryptoCurrencyFromUser: send.currency,
    sendChain: send.chain,
    newUserCrypto: receive.currency,
    newUserCryptoChain: receive.chain,
    companyWallet: row.depositAddress,
    newUserWallets: [row.recipientAddress],
    refundAddress: row.refundAddress,
    amountUserSend: fromBaseUnits(BigInt(row.amountSend), send.decimals),
    amountUserWannaGet: fromBaseUnits(BigInt(row.amountReceive), receive.decimals),
    rate: row.rate.replace(/\.?0+$/, '') || '0',
    received: fromBaseUnits(BigInt(row.received), send.decimals),
    // A coin the operator has since withdrawn from this cluster has no mint here, so no payment link.
    paymentUri: payable ? paymentUri(payable, row.depositAddress, BigInt(row.amountSend)) : '',
    userConfirmedSent: row.userConfirmedAt !== null,
    pendingChoice: row.pendingChoice ?? null,
    waitingForAccount: accountWaitOf(coins, row),
    automatic: send.automatic && receive.automatic,
    expireAt: row.expireAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function jellyEventWire(row: JellyEventRow, decimalsOf: (coin: JellyCoinCode) => number): JellyEvent {
  return {
    id: row.id,
    stage: row.stage,
    kind: row.kind,
    actor: row.actor,
    signature: row.signature,
    slot: row.slot,
    amount: row.amount === null || row.coin === null ? null : fromBaseUnits(BigInt(row.amount), decimalsOf(row.coin)),
    coin: row.coin,
    note: row.note,
    at: row.createdAt.toISOString(),
  };
}

export function jellyOrderWire(coins: readonly JellyCoin[], row: JellyOrderRow, events: JellyEventRow[]): JellyOrder {
  const decimalsOf = (code: JellyCoinCode) =>
    code === row.sendCoin ? coinOf(row.sendCoin, row.sendChain).decimals : coinOf(row.receiveCoin, row.receiveChain).decimals;
  return { ...jellyListItemWire(coins, row), events: events.map((e) => jellyEventWire(e, decimalsOf)) };
}
