import { ASSOCIATED_TOKEN_PROGRAM_ID } from '@solana/spl-token';
import type { Connection, PublicKey, VersionedTransactionResponse } from '@solana/web3.js';
import bs58 from 'bs58';
import { rpcUnavailable } from '../../chain/transactions/index.ts';

/**
 * Where the rent of a deposit token account goes when the sweep or the refund closes it: back to whoever paid it.
 *
 * Why read the payer from the chain rather than send the rent to the refund address: the account is opened by
 * whoever first sends the coin to the deposit address (the user's wallet, or an exchange withdrawing for them), and
 * only the transaction that opened it says who that was. The associated-token program opens it (a PDA of that
 * program: nothing else can), so that transaction holds an ATA create instruction for the account, top-level or
 * inside a program's call; its first account is the funder that paid the rent.
 *
 * Why this cannot be turned into a profit: the close moves only the lamports the closed account holds, never a
 * platform key's (the gate checks every platform signer's balance, and the account is not one), and an account
 * closes once. A funder that is a platform key keeps the rent in the platform. Whoever else is named gets at most
 * what the account held: someone who pre-funded the address or opened it for another's order only gives SOL away.
 *
 * When the chain cannot say (the node keeps no history that far back, or the address's history was flooded past
 * the pages read) the rent goes to the order's refund address: the wallet the user named for their own coins (the
 * signed-in wallet unless they chose another). A node that does not answer throws CHAIN_UNAVAILABLE, so the send is
 * resumed later rather than sent to a guess.
 */

/** Pages of signatures read back to the account's first transaction (an attacker's flood costs them 5,000 lamports a signature). */
const MAX_SIGNATURE_PAGES = 5;
const PAGE = 1000;
/** Successful transactions read, oldest first, to find the one that opened the account. */
const MAX_TRANSACTIONS_READ = 10;

/** ATA program instructions that open an account: Create (empty data or 0) and CreateIdempotent (1). */
const opensAccount = (data: Uint8Array) => data.length === 0 || (data.length === 1 && (data[0] === 0 || data[0] === 1));

/** The funder of the ATA create instruction that opened `account` in `tx`, if it holds one. */
export function funderIn(tx: VersionedTransactionResponse, account: PublicKey): PublicKey | null {
  if (!tx.meta || tx.meta.err !== null) return null;
  const keys = tx.transaction.message.getAccountKeys({ accountKeysFromLookups: tx.meta.loadedAddresses ?? null });
  const calls = [
    ...tx.transaction.message.compiledInstructions.map((i) => ({ program: i.programIdIndex, accounts: i.accountKeyIndexes, data: i.data })),
    ...(tx.meta.innerInstructions ?? []).flatMap((inner) => inner.instructions.map((i) => ({ program: i.programIdIndex, accounts: i.accounts, data: bs58.decode(i.data) }))),
  ];
  for (const call of calls) {
    if (!keys.get(call.program)?.equals(ASSOCIATED_TOKEN_PROGRAM_ID) || !opensAccount(call.data)) continue;
    const [funder, opened] = call.accounts.map((index) => keys.get(index));
    if (funder && opened?.equals(account)) return funder;
  }
  return null;
}

/** The oldest successful signatures of `account`, oldest first; null when its history runs past the pages read. */
async function oldestSignatures(connection: Connection, account: PublicKey): Promise<string[] | null> {
  const all: string[] = [];
  let before: string | undefined;
  for (let page = 0; page < MAX_SIGNATURE_PAGES; page++) {
    const found = await connection.getSignaturesForAddress(account, { limit: PAGE, ...(before ? { before } : {}) }, 'confirmed');
    all.push(...found.filter((s) => s.err === null).map((s) => s.signature));
    if (found.length < PAGE) return all.reverse();
    before = found[found.length - 1]?.signature;
  }
  return null;
}

/** Who paid to open `account`, as the chain tells it, or null when it cannot say. */
export async function rentPayerOf(connection: Connection, account: PublicKey): Promise<PublicKey | null> {
  try {
    const signatures = await oldestSignatures(connection, account);
    for (const signature of (signatures ?? []).slice(0, MAX_TRANSACTIONS_READ)) {
      const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      const funder = tx && funderIn(tx, account);
      if (funder) return funder;
    }
    return null;
  } catch (error) {
    throw rpcUnavailable(error);
  }
}

/**
 * The address the closed deposit account's rent goes to: the platform's `keep` address when a platform key opened it,
 * else its payer, else `fallback` (the refund address). An address that cannot take lamports (a program) gets
 * nothing: the rent stays with the platform rather than the close failing and leaving the deposit stuck.
 */
export async function rentReturnTo(
  connection: Connection,
  account: PublicKey,
  rules: { platform: readonly PublicKey[]; keep: PublicKey; fallback: PublicKey },
): Promise<PublicKey> {
  const payer = (await rentPayerOf(connection, account)) ?? rules.fallback;
  if (rules.platform.some((key) => key.equals(payer))) return rules.keep;
  let info;
  try {
    info = await connection.getAccountInfo(payer, 'confirmed');
  } catch (error) {
    throw rpcUnavailable(error);
  }
  return info?.executable ? rules.keep : payer;
}
