import { join } from 'node:path';
import type { PublicKey } from '@solana/web3.js';
import fp from 'fastify-plugin';
import type { Chain } from '../../chain/chain.ts';
import { platformKey, type PlatformKey } from '../../chain/gate/index.ts';
import { DEFAULT_DESK_CONFIG, GENERATED_DESK_KEYPAIR_FILE, type DeskConfig } from './desk-config.ts';
import { deskAssets, type DeskAsset } from './desk-assets.ts';
import { readBalances } from './desk-inventory.ts';
import { createDeskState, type DeskState } from './desk-state.ts';
import { createJupiterReference, type QuoteReference } from './quote-reference.ts';
import { createQuoteTokens, quoteTokenKey, type QuoteTokens } from './quote-token.ts';
import { createQuoteTransactions, type QuoteTransactions } from './quote-transaction.ts';

/** The desk: the platform's treasury wallet that quotes and settles swaps. */
export interface Desk {
  /** The desk's key: its address for all, its signature only through the platform gate. */
  key: PlatformKey;
  config: DeskConfig;
  /** What it trades on this cluster: SOL and the configured stablecoin mints (deskAssets). */
  assets: readonly DeskAsset[];
  /** A second opinion on the feed (Jupiter when configured); null = none. */
  reference: QuoteReference | null;
  /** Its balances and the latest blockhash, shared by all quotes. */
  state: DeskState;
  /** Signs a quote's terms into the token the client submits with (any replica reads it). */
  tokens: QuoteTokens;
  /** Builds the quotes' unsigned transactions. */
  transactions: QuoteTransactions;
}

/** What the embedded localnet's desk holds after start: enough test SOL, USDC and USDT for any manual test. */
export const LOCALNET_DESK_FUNDS = { SOL: 500_000_000_000n, USDC: 500_000_000_000n, USDT: 500_000_000_000n } as const;

/** Tops the localnet desk up to LOCALNET_DESK_FUNDS for each asset it holds less than half of. */
export async function fundLocalnetDesk(chain: Chain, desk: PublicKey, assets: readonly DeskAsset[]): Promise<void> {
  if (!chain.faucet) return;
  const balances = await readBalances(chain, desk, assets);
  const missing = (symbol: keyof typeof LOCALNET_DESK_FUNDS) => {
    const held = balances.find((b) => b.asset.symbol === symbol)?.amount ?? 0n;
    return held * 2n < LOCALNET_DESK_FUNDS[symbol] ? LOCALNET_DESK_FUNDS[symbol] - held : 0n;
  };
  const amounts = { sol: missing('SOL'), usdc: missing('USDC'), usdt: missing('USDT') };
  if (amounts.sol + amounts.usdc + amounts.usdt === 0n) return;
  await chain.faucet(desk, amounts);
}

async function loadDeskKey(config: DeskConfig, chain: Chain, dataDir: string): Promise<PlatformKey | null> {
  // Loaded lazily as start-chain does: the localnet package brings LiteSVM with it.
  const localnet = await import('@jelly/localnet');
  if (config.keypairFile) return platformKey(localnet.readKeypairFile(config.keypairFile), 'desk');
  if (!chain.faucet) return null; // a real cluster without DESK_KEYPAIR: no swaps
  return platformKey(localnet.loadOrCreateKeypair(join(dataDir, GENERATED_DESK_KEYPAIR_FILE)), 'desk');
}

/**
 * `app.desk`: the desk's key and settings, null without a chain (swap routes answer 503). On the embedded localnet
 * the key is generated into the data folder like the admin key and the desk funded with test tokens at start.
 */
export const deskService = fp(
  async (app) => {
    const config = app.config.swap ?? DEFAULT_DESK_CONFIG;
    const chain = app.chain;
    const key = chain ? await loadDeskKey(config, chain, app.config.dataDir) : null;
    const assets = deskAssets(app.config.stablecoinMints);
    if (chain && !key) app.log.warn({}, 'swaps are unavailable: set DESK_KEYPAIR to offer them on this cluster');
    if (chain && key) {
      await fundLocalnetDesk(chain, key.publicKey, assets);
      app.log.info({ desk: key.publicKey.toBase58(), assets: assets.map((a) => a.symbol) }, 'swap desk ready');
    }
    const reference = config.jupiter ? createJupiterReference({ ...config.jupiter, fetch: app.outboundFetch }) : null;
    const tokens = createQuoteTokens(quoteTokenKey(app.config.jwtSecret), assets);
    app.decorate(
      'desk',
      chain && key
        ? {
            key,
            config,
            assets,
            reference,
            state: createDeskState(chain, key.publicKey, assets, app.config.now),
            tokens,
            transactions: createQuoteTransactions({ admin: chain.admin.publicKey, desk: key.publicKey }),
          }
        : null,
    );
  },
  { name: 'swap-desk', dependencies: ['outbound-http'] },
);
