import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, type Keypair } from '@solana/web3.js';
import { RENT_EXEMPT_RENT_EPOCH, SYSTEM_PROGRAM_ID } from './chain/account.ts';
import type { LocalnetChain } from './chain/localnet-chain.ts';
import { submitTransaction } from './chain/submit-transaction.ts';
import { invalidParams } from './rpc/rpc-error.ts';

export interface FaucetAmounts {
  /** lamports */
  sol?: bigint;
  /** USDC base units (6 decimals) */
  usdc?: bigint;
  /** USDT base units (6 decimals) */
  usdt?: bigint;
}

export interface StablecoinMints {
  USDC: PublicKey;
  USDT: PublicKey;
}

/** Per request: generous for testing, small enough that a typo cannot mint absurd balances. */
export const FAUCET_LIMITS = {
  sol: 1_000n * BigInt(LAMPORTS_PER_SOL),
  usdc: 1_000_000n * 1_000_000n,
  usdt: 1_000_000n * 1_000_000n,
} as const;

// The faucet's own SOL, kept below 2^53 lamports so that balances stay exact as JSON numbers. It is
// topped up (created from nothing: this is a dev ledger) whenever it runs low.
const FAUCET_RESERVE = 5_000_000n * BigInt(LAMPORTS_PER_SOL);

export interface Faucet {
  readonly publicKey: string;
  /** Refills the faucet's SOL when it is under half its reserve. */
  ensureReserve(): void;
  /** Sends SOL and mints USDC/USDT to the wallet's associated token accounts (created if needed). */
  fund(wallet: string, amounts: FaucetAmounts): string;
  airdrop(wallet: string, lamports: bigint): string;
  /** Creates the wallet's USDC and USDT associated token accounts if missing; the signature, or null if none was needed. */
  openTokenAccounts(wallet: string): string | null;
}

function checkAmount(name: keyof typeof FAUCET_LIMITS, amount: bigint | undefined): bigint {
  const value = amount ?? 0n;
  if (value < 0n) throw invalidParams(`Invalid params: ${name} must not be negative`);
  if (value > FAUCET_LIMITS[name]) {
    throw invalidParams(`Invalid params: ${name} is above the faucet limit of ${FAUCET_LIMITS[name]} base units per request`);
  }
  return value;
}

function parseWallet(wallet: string): PublicKey {
  try {
    return new PublicKey(wallet);
  } catch {
    throw invalidParams('Invalid param: Invalid public key');
  }
}

/** The dev faucet: a keypair holding SOL and the mint authority of the test stablecoins. */
export function createFaucet(chain: LocalnetChain, keypair: Keypair, mints: StablecoinMints): Faucet {
  function ensureReserve(): void {
    const pubkey = keypair.publicKey.toBase58();
    if ((chain.getAccount(pubkey)?.lamports ?? 0n) >= FAUCET_RESERVE / 2n) return;
    chain.setAccount(pubkey, { lamports: FAUCET_RESERVE, owner: SYSTEM_PROGRAM_ID, executable: false, rentEpoch: RENT_EXEMPT_RENT_EPOCH, data: new Uint8Array() });
  }

  function fund(wallet: string, amounts: FaucetAmounts): string {
    const owner = parseWallet(wallet);
    const sol = checkAmount('sol', amounts.sol);
    const tokens = [
      { mint: mints.USDC, amount: checkAmount('usdc', amounts.usdc) },
      { mint: mints.USDT, amount: checkAmount('usdt', amounts.usdt) },
    ].filter(({ amount }) => amount > 0n);
    if (sol === 0n && tokens.length === 0) throw invalidParams('Invalid params: ask for some sol, usdc or usdt');
    const rentExempt = chain.svm.minimumBalanceForRentExemption(0n);
    if (sol > 0n && sol < rentExempt && chain.getAccount(owner.toBase58()) === null) {
      throw invalidParams(`Invalid params: a new account needs at least ${rentExempt} lamports to be rent-exempt`);
    }
    ensureReserve();
    const tx = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: chain.ledger.latest.blockhash });
    if (sol > 0n) tx.add(SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: owner, lamports: sol }));
    for (const { mint, amount } of tokens) {
      const ata = getAssociatedTokenAddressSync(mint, owner, true);
      tx.add(createAssociatedTokenAccountIdempotentInstruction(keypair.publicKey, ata, owner, mint));
      tx.add(createMintToInstruction(mint, ata, keypair.publicKey, amount));
    }
    tx.sign(keypair);
    return submitTransaction(chain, tx.serialize(), { skipPreflight: false });
  }

  function openTokenAccounts(wallet: string): string | null {
    const owner = parseWallet(wallet);
    const tx = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: chain.ledger.latest.blockhash });
    for (const mint of [mints.USDC, mints.USDT]) {
      const ata = getAssociatedTokenAddressSync(mint, owner, true);
      if (chain.getAccount(ata.toBase58()) === null) {
        tx.add(createAssociatedTokenAccountIdempotentInstruction(keypair.publicKey, ata, owner, mint));
      }
    }
    if (tx.instructions.length === 0) return null;
    tx.sign(keypair);
    return submitTransaction(chain, tx.serialize(), { skipPreflight: false });
  }

  return {
    publicKey: keypair.publicKey.toBase58(),
    ensureReserve,
    fund,
    openTokenAccounts,
    airdrop: (wallet, lamports) => {
      if (lamports <= 0n) throw invalidParams('Invalid params: lamports must be positive');
      return fund(wallet, { sol: lamports });
    },
  };
}
