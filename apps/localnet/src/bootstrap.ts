import { KNOWN_MINTS } from '@jelly/contracts';
import { LAMPORTS_PER_SOL, PublicKey, type Keypair } from '@solana/web3.js';
import { RENT_EXEMPT_RENT_EPOCH } from './chain/account.ts';
import type { LocalnetChain } from './chain/localnet-chain.ts';
import { decodeMint, encodeMint, MINT_SIZE, TOKEN_PROGRAM_ID } from './encoding/spl-token-layout.ts';
import type { Faucet, StablecoinMints } from './faucet.ts';

export type Logger = (message: string, data?: Record<string, unknown>) => void;

/** The test stablecoins live at their mainnet addresses, so the app's coin catalogue needs no per-cluster map. */
export const STABLECOIN_MINTS: StablecoinMints = {
  USDC: new PublicKey(KNOWN_MINTS.USDC),
  USDT: new PublicKey(KNOWN_MINTS.USDT),
};
export const STABLECOIN_DECIMALS = 6;

const SOL = BigInt(LAMPORTS_PER_SOL);
const ADMIN_MINIMUM = 100n * SOL;
const ADMIN_TARGET = 1_000n * SOL;

function ensureMint(chain: LocalnetChain, name: string, mint: PublicKey, authority: PublicKey, log: Logger): void {
  const existing = chain.getAccount(mint.toBase58());
  if (existing) {
    const state = decodeMint(existing.owner, existing.data);
    if (state?.mintAuthority !== authority.toBase58()) {
      log('the stablecoin mint is not controlled by this localnet faucet; the faucet cannot mint it', { name, mint: mint.toBase58() });
    }
    return;
  }
  chain.setAccount(mint.toBase58(), {
    lamports: chain.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)),
    owner: TOKEN_PROGRAM_ID,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    data: encodeMint({ mintAuthority: authority.toBytes(), supply: 0n, decimals: STABLECOIN_DECIMALS, freezeAuthority: null }),
  });
  log('created test stablecoin mint', { name, mint: mint.toBase58() });
}

/**
 * Brings a ledger to the state the app expects; safe to run on every start: a funded faucet, the USDC and
 * USDT mints (faucet = mint authority), a funded admin with its stablecoin token accounts.
 */
export function bootstrapLedger(
  chain: LocalnetChain,
  options: { admin: Keypair; faucetKeypair: Keypair; faucet: Faucet; log: Logger },
): void {
  const { admin, faucetKeypair, faucet, log } = options;
  faucet.ensureReserve();
  ensureMint(chain, 'USDC', STABLECOIN_MINTS.USDC, faucetKeypair.publicKey, log);
  ensureMint(chain, 'USDT', STABLECOIN_MINTS.USDT, faucetKeypair.publicKey, log);
  const adminKey = admin.publicKey.toBase58();
  const adminBalance = chain.getAccount(adminKey)?.lamports ?? 0n;
  if (adminBalance < ADMIN_MINIMUM) {
    faucet.fund(adminKey, { sol: ADMIN_TARGET - adminBalance });
    log('funded the admin', { admin: adminKey, lamports: ADMIN_TARGET.toString() });
  }
  faucet.openTokenAccounts(adminKey);
}
