import { TEST_FUNDS_UNAVAILABLE, type DevFaucetResponse } from '@jelly/contracts';
import { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../chain/chain.ts';
import { badRequest, notFound } from '../../errors.ts';

/** What one faucet call sends: 10 SOL, 1,000 USDC and 1,000 USDT (6 decimals). */
export const DEV_FAUCET_AMOUNTS = { sol: 10_000_000_000n, usdc: 1_000_000_000n, usdt: 1_000_000_000n } as const;

/** POST /platform/dev/faucet: test funds on the embedded localnet; 404 on any other chain (no faucet there). */
export async function devFaucet(chain: Chain | null, wallet: string): Promise<DevFaucetResponse> {
  if (!chain?.faucet) throw notFound(TEST_FUNDS_UNAVAILABLE);
  let owner: PublicKey;
  try {
    owner = new PublicKey(wallet);
  } catch {
    throw badRequest('Invalid wallet address');
  }
  const signature = await chain.faucet(owner, DEV_FAUCET_AMOUNTS);
  return {
    wallet,
    sol: DEV_FAUCET_AMOUNTS.sol.toString(),
    tokens: { USDC: DEV_FAUCET_AMOUNTS.usdc.toString(), USDT: DEV_FAUCET_AMOUNTS.usdt.toString() },
    signatures: [signature],
  };
}
