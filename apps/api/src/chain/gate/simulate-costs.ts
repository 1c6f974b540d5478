import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { PublicKey, type VersionedTransaction } from '@solana/web3.js';
import type { Chain } from '../chain.ts';
import { chainFailure, rpcUnavailable } from '../transactions/index.ts';
import type { AppError } from '../../errors.ts';

/** An account the transaction opens (it held no lamports before), as the simulation leaves it. */
export interface OpenedAccount {
  address: PublicKey;
  lamports: bigint;
  owner: PublicKey;
  /** For a token account: who can close it (its close authority, else its owner). */
  tokenAuthority: PublicKey | null;
}

/** What one simulated execution of the fully signed transaction does to balances. */
export interface SimulatedCosts {
  accountKeys: PublicKey[];
  /** Lamports before and after, in account-key order. */
  pre: bigint[];
  post: bigint[];
  /** The fee the runtime charges its fee payer (base + priority). */
  fee: bigint;
  signatures: number;
  opened: OpenedAccount[];
  logs: readonly string[];
}

interface SimulationValue {
  err: object | string | null;
  logs: string[] | null;
  accounts?: ({ owner: string; lamports: number; data: [string, string] | string[] } | null)[] | null;
  fee?: number | null;
  preBalances?: number[] | null;
  postBalances?: number[] | null;
}

const TOKEN_ACCOUNT_BYTES = 165;
const CLOSE_AUTHORITY_OPTION = 129;

/** Who can close a token account: its close authority when one is set, otherwise its owner. */
function tokenCloser(data: Buffer): PublicKey | null {
  if (data.length < TOKEN_ACCOUNT_BYTES) return null;
  const hasCloseAuthority = data.readUInt32LE(CLOSE_AUTHORITY_OPTION) === 1;
  return new PublicKey(hasCloseAuthority ? data.subarray(CLOSE_AUTHORITY_OPTION + 4, CLOSE_AUTHORITY_OPTION + 36) : data.subarray(32, 64));
}

export type SimulationErrorMapper = (err: object | string, logs: readonly string[] | null) => AppError;

/**
 * Simulates the signed transaction and reads what it costs: the fee and every account's lamports before and after,
 * all from the same execution (a node answers them since Agave 2.2; the embedded localnet does too), and the state
 * of every writable account afterwards, to see which accounts it opens and who can close them.
 */
export async function simulateCosts(chain: Chain, tx: VersionedTransaction, mapError: SimulationErrorMapper = chainFailure): Promise<SimulatedCosts> {
  const accountKeys = tx.message.staticAccountKeys;
  const writable = accountKeys.filter((_, index) => tx.message.isAccountWritable(index));
  let value: SimulationValue;
  try {
    const result = await chain.connection.simulateTransaction(tx, {
      sigVerify: true,
      commitment: 'confirmed',
      accounts: { encoding: 'base64', addresses: writable.map((key) => key.toBase58()) },
    });
    value = result.value as unknown as SimulationValue;
  } catch (error) {
    throw rpcUnavailable(error);
  }
  if (value.err) throw mapError(value.err, value.logs);
  if (!value.preBalances || !value.postBalances || value.fee === undefined || value.fee === null) {
    throw new Error('the Solana node does not report balances in simulations (it needs Agave 2.2 or newer)');
  }
  const pre = value.preBalances.map(BigInt);
  const post = value.postBalances.map(BigInt);
  const opened: OpenedAccount[] = [];
  writable.forEach((address, i) => {
    const index = accountKeys.findIndex((key) => key.equals(address));
    const after = value.accounts?.[i];
    if (!after || (pre[index] ?? 0n) !== 0n || (post[index] ?? 0n) === 0n) return;
    const owner = new PublicKey(after.owner);
    const data = Buffer.from(after.data[0] ?? '', 'base64');
    opened.push({ address, lamports: BigInt(after.lamports), owner, tokenAuthority: owner.equals(TOKEN_PROGRAM_ID) ? tokenCloser(data) : null });
  });
  return { accountKeys, pre, post, fee: BigInt(value.fee), signatures: tx.signatures.length, opened, logs: value.logs ?? [] };
}
