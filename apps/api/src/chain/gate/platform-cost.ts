import type { PublicKey } from '@solana/web3.js';
import type { AppError } from '../../errors.ts';
import { LAMPORTS_PER_SIGNATURE } from './spend/index.ts';
import { MAX_PRIORITY_FEE_LAMPORTS } from '../transactions/index.ts';
import type { PlatformKey } from '../keys/platform-key.ts';
import { priorityFeeRefusal } from './refusals/priority-fee-refusal.ts';
import { unrecoverableCostRefusal } from './refusals/unrecoverable-cost-refusal.ts';
import type { OpenedAccount, SimulatedCosts } from './simulate-costs.ts';

/** What a transaction costs the platform's keys, as the gate charges it. */
export interface PlatformCost {
  /** Network fee paid by a platform key (base + priority); 0 when a user pays the fee. */
  feeLamports: bigint;
  priorityFeeLamports: bigint;
  /** Rent of accounts the platform opens and can close again (negative: a close gave rent back). */
  rentLamports: bigint;
}

export interface CostRules {
  signers: readonly PlatformKey[];
  /** Lamports a platform key sends on purpose (a SOL payout the user bought): not a cost. */
  intended: ReadonlyMap<string, bigint>;
  /** Accounts the caller queues for closing in the charge's database transaction. */
  reclaimable: readonly PublicKey[];
  /** Addresses whose accounts are the platform's own (the treasury): their rent never reaches a user. */
  platformOwners: readonly PublicKey[];
  /** The escrow program: accounts it owns, and token accounts held by them, close only through the admin. */
  escrowProgram: PublicKey;
}

const keyIn = (list: readonly PublicKey[], key: PublicKey) => list.some((k) => k.equals(key));

/**
 * The rent of an opened account is a cost the platform may carry only if a platform key can close it again and it
 * is queued for that (escrow accounts, deposit token accounts), or if it belongs to the platform (the treasury's
 * token account). An account a user can close would hand its rent to that user.
 */
function recoverableRent(account: OpenedAccount, rules: CostRules, opened: readonly OpenedAccount[]): bigint {
  const platform = [...rules.signers.map((s) => s.publicKey), ...rules.platformOwners];
  if (account.tokenAuthority && keyIn(platform, account.tokenAuthority)) {
    return keyIn(rules.platformOwners, account.tokenAuthority) || keyIn(rules.reclaimable, account.address) ? account.lamports : 0n;
  }
  if (!keyIn(rules.reclaimable, account.address)) return 0n;
  if (account.owner.equals(rules.escrowProgram)) return account.lamports;
  // an escrow vault: a token account held by an escrow account opened in the same transaction
  const holder = account.tokenAuthority && opened.find((o) => o.address.equals(account.tokenAuthority as PublicKey));
  return holder && holder.owner.equals(rules.escrowProgram) ? account.lamports : 0n;
}

/**
 * What the transaction costs the platform, or why it must not be signed: every platform key may lose its network
 * fee (with a bounded priority fee), what it sends on purpose, and the rent of accounts it can recover — nothing
 * a user could take home.
 */
export function platformCost(costs: SimulatedCosts, rules: CostRules): PlatformCost | AppError {
  const feePayer = costs.accountKeys[0];
  const platformPaysFee = feePayer !== undefined && rules.signers.some((s) => s.publicKey.equals(feePayer));
  const feeLamports = platformPaysFee ? costs.fee : 0n;
  const baseFee = LAMPORTS_PER_SIGNATURE * BigInt(costs.signatures);
  const priorityFeeLamports = platformPaysFee && costs.fee > baseFee ? costs.fee - baseFee : 0n;
  if (priorityFeeLamports > MAX_PRIORITY_FEE_LAMPORTS) return priorityFeeRefusal(priorityFeeLamports);

  let loss = 0n;
  let intended = 0n;
  for (const signer of rules.signers) {
    const index = costs.accountKeys.findIndex((key) => key.equals(signer.publicKey));
    if (index < 0) continue;
    loss += (costs.pre[index] ?? 0n) - (costs.post[index] ?? 0n);
    intended += rules.intended.get(signer.publicKey.toBase58()) ?? 0n;
  }
  const rentLamports = loss - feeLamports - intended;
  const allowedRent = costs.opened.reduce((sum, account) => sum + recoverableRent(account, rules, costs.opened), 0n);
  if (rentLamports > allowedRent) return unrecoverableCostRefusal(rentLamports - allowedRent);
  return { feeLamports, priorityFeeLamports, rentLamports };
}
