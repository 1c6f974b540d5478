/**
 * The users' side of the invariant: no outside wallet ends with more SOL than it started with, plus what the
 * platform sent it on purpose (SOL bought through a swap or Coin Jelly, or its own SOL refunded), minus what it sent
 * the platform on purpose and the fees it paid itself. A wallet's SOL counts its token accounts' lamports too: a
 * token account's rent is the owner's SOL (closing it hands the rent back), so opening or closing its own account
 * moves nothing, and an account someone else paid for would show as a gain.
 */
import { KNOWN_MINTS } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import type { ChainTestApp } from '../helpers/test-chain.ts';
import type { FeeBook } from './platform-ledger.ts';
import { netOf, type SolLeg } from './trade-records.ts';

const TOKEN_MINTS = [KNOWN_MINTS.USDC, KNOWN_MINTS.USDT].map((mint) => new PublicKey(mint));

/** Lamports of the wallet and of its USDC and USDT token accounts. */
export async function solHeld(t: ChainTestApp, owner: PublicKey): Promise<bigint> {
  const keys = [owner, ...TOKEN_MINTS.map((mint) => getAssociatedTokenAddressSync(mint, owner, true))];
  const accounts = await t.chain.connection.getMultipleAccountsInfo(keys, 'confirmed');
  return accounts.reduce((sum, account) => sum + BigInt(account?.lamports ?? 0), 0n);
}

export interface WalletOutcome {
  wallet: string;
  label: string;
  delta: bigint;
  /** Net lamports the platform sent it on purpose (SOL bought or refunded, minus SOL it paid in). */
  onPurpose: bigint;
  ownFees: bigint;
}

export class OutsideWallets {
  private readonly started = new Map<string, { label: string; held: bigint }>();

  constructor(private readonly t: ChainTestApp) {}

  /** Remembers the wallet's SOL now: call it once it is funded, before it does anything. */
  async track(label: string, owner: PublicKey): Promise<void> {
    const wallet = owner.toBase58();
    if (this.started.has(wallet)) throw new Error(`${label}: wallet tracked twice`);
    this.started.set(wallet, { label, held: await solHeld(this.t, owner) });
  }

  get size(): number {
    return this.started.size;
  }

  /** Every tracked wallet's SOL change beside what trades sent it on purpose and the fees it paid itself. */
  async outcomes(legs: readonly SolLeg[], fees: FeeBook): Promise<WalletOutcome[]> {
    const result: WalletOutcome[] = [];
    for (const [wallet, { label, held }] of this.started) {
      const paid = await fees.paidBy([wallet]);
      result.push({
        wallet,
        label,
        delta: (await solHeld(this.t, new PublicKey(wallet))) - held,
        onPurpose: netOf(legs, wallet),
        ownFees: [...paid.values()].reduce((sum, p) => sum + p.fee, 0n),
      });
    }
    return result;
  }
}
