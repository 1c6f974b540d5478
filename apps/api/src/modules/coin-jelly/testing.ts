/** Test helpers for Coin Jelly tests. Not used by product code. */
import { randomBytes } from 'node:crypto';
import type { JellyOrder } from '@jelly/contracts';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { type Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import { USDC_MINT } from '../orders/testing.ts';
import type { CoinJellyConfig } from './coin-jelly-config.ts';
import type { DepositWatcher } from './deposit-watcher.ts';

export { WAITING_FOR_ACCOUNT } from './wait-for-account.ts';

/** Settings for tests: a random seed, no poll timer (tests call tick()), wide limits. */
export function testJellyConfig(overrides: Partial<CoinJellyConfig> = {}): CoinJellyConfig {
  return {
    seed: new Uint8Array(randomBytes(64)),
    bitcoinNetwork: 'testnet',
    spreadBps: 50,
    minUsd: '1',
    maxUsd: '10000',
    maxInventoryShareBps: 5000,
    pollMs: 0,
    referenceUsd: { BTC: '60000', ETH: '3000' },
    maxOrdersPerDay: 1000,
    priceBandBps: 100,
    waitHours: 24,
    ...overrides,
  };
}

export function watcherOf(app: FastifyInstance): DepositWatcher {
  if (!app.coinJelly) throw new Error('Coin Jelly is not configured in this test app');
  return app.coinJelly.watcher;
}

export async function orderOf(app: FastifyInstance, headers: Record<string, string>, id: number): Promise<JellyOrder> {
  const response = await app.inject({ method: 'GET', url: `/api/coin-jelly/orders/${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`order ${id}: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}

/** Resolves once a scan of the order leaves it in a stage `until` accepts (waits on the watcher's own events). */
export function scannedUntil(app: FastifyInstance, headers: Record<string, string>, id: number, until: (o: JellyOrder) => boolean): Promise<JellyOrder> {
  const watcher = watcherOf(app);
  return new Promise((resolve, reject) => {
    const check = (scanned: number) => {
      if (scanned !== id) return;
      orderOf(app, headers, id)
        .then((order) => {
          if (!until(order)) return;
          watcher.events.off('scanned', check);
          resolve(order);
        })
        .catch(reject);
    };
    watcher.events.on('scanned', check);
  });
}

export function reserve(app: FastifyInstance, headers: Record<string, string>, body: object): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/coin-jelly/orders', headers, payload: body });
}

const USDC = new PublicKey(USDC_MINT);

/** Balances and plain transfers from a wallet Jelly did not build the transactions for. */
export function chainHelpers(chain: Chain, payer: Keypair) {
  const send = (tx: Transaction) => sendAndConfirmTransaction(chain.connection, tx, [payer]);
  return {
    lamports: (owner: PublicKey) => chain.connection.getBalance(owner, 'confirmed').then(BigInt),
    usdcOf: async (owner: PublicKey) => {
      try {
        return (await getAccount(chain.connection, getAssociatedTokenAddressSync(USDC, owner), 'confirmed')).amount;
      } catch {
        return 0n;
      }
    },
    sendSol: (to: string, amount: bigint) =>
      send(new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(to), lamports: amount }))),
    /** Opens `owner`'s USDC account, paid by the helper's wallet (a user's own transaction); returns `owner`. */
    openUsdcAccount: async (owner: PublicKey) => {
      await send(new Transaction().add(createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, getAssociatedTokenAddressSync(USDC, owner), owner, USDC)));
      return owner;
    },
    sendUsdc: (to: string, amount: bigint) => {
      const owner = new PublicKey(to);
      const dest = getAssociatedTokenAddressSync(USDC, owner);
      return send(
        new Transaction().add(
          createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, dest, owner, USDC),
          createTransferCheckedInstruction(getAssociatedTokenAddressSync(USDC, payer.publicKey), USDC, dest, payer.publicKey, amount, 6),
        ),
      );
    },
  };
}
export type ChainHelpers = ReturnType<typeof chainHelpers>;

export const solToUsdc = (amount: string, recipient: PublicKey) => ({
  sendCoin: 'SOL',
  sendChain: 'Solana',
  receiveCoin: 'USDC',
  receiveChain: 'Solana',
  amountUserSend: amount,
  recipientAddress: recipient.toBase58(),
});
export const usdcToSol = (amount: string, recipient: PublicKey) => ({ ...solToUsdc(amount, recipient), sendCoin: 'USDC', receiveCoin: 'SOL' });
