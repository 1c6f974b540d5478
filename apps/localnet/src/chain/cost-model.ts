import bs58 from 'bs58';
import type { LedgerAccount } from './account.ts';
import type { ResolvedAccountKeys, WireTransaction } from './wire-transaction.ts';

/**
 * The two transaction measures a node reports beside the compute units: the account data a transaction loads
 * (simulateTransaction's loadedAccountsDataSize) and its cost in the block-packing cost model (getTransaction's
 * meta.costUnits). Computed with the validator's constants; LiteSVM runs the transaction but reports neither.
 */

const UPGRADEABLE_LOADER_ID = 'BPFLoaderUpgradeab1e11111111111111111111111';
// An upgradeable program account holds a 4-byte tag then the address of its programdata account.
const PROGRAM_ACCOUNT_TAG = 2;

const SIGNATURE_COST = 720;
const WRITE_LOCK_COST = 300;
// Instruction data costs one unit per 4 bytes (140 bytes per µs at 30 units per µs).
const INSTRUCTION_DATA_BYTES_PER_UNIT = 4;
// Loaded account data is charged 8 units per 32 KiB page (rounded up).
const ACCOUNT_DATA_PAGE_BYTES = 32 * 1024;
const ACCOUNT_DATA_PAGE_COST = 8;

/**
 * Bytes of account data the transaction loads: every account it names (lookup tables included) and, for each
 * upgradeable program among them, that program's programdata account, counted once each.
 */
export function loadedAccountsDataSize(
  tx: WireTransaction,
  keys: ResolvedAccountKeys,
  read: (pubkey: string) => LedgerAccount | null,
): number {
  const counted = new Set<string>();
  let total = 0;
  const add = (pubkey: string): LedgerAccount | null => {
    if (counted.has(pubkey)) return null;
    counted.add(pubkey);
    const account = read(pubkey);
    total += account?.data.length ?? 0;
    return account;
  };
  const lookupTables = tx.message.addressTableLookups.map((lookup) => lookup.accountKey.toBase58());
  for (const pubkey of [...keys.keys, ...lookupTables]) {
    const account = add(pubkey);
    if (account?.owner === UPGRADEABLE_LOADER_ID && account.executable && account.data[0] === PROGRAM_ACCOUNT_TAG) {
      add(bs58.encode(account.data.subarray(4, 36)));
    }
  }
  return total;
}

/** The executed transaction's cost: signatures, write locks, instruction data, units consumed and loaded data. */
export function transactionCostUnits(
  tx: WireTransaction,
  keys: ResolvedAccountKeys,
  unitsConsumed: number,
  loadedBytes: number,
): number {
  const writeLocks = keys.writable.filter(Boolean).length;
  const dataBytes = tx.message.compiledInstructions.reduce((sum, instruction) => sum + instruction.data.length, 0);
  const pages = Math.ceil(loadedBytes / ACCOUNT_DATA_PAGE_BYTES);
  return (
    tx.signatures.length * SIGNATURE_COST +
    writeLocks * WRITE_LOCK_COST +
    Math.floor(dataBytes / INSTRUCTION_DATA_BYTES_PER_UNIT) +
    unitsConsumed +
    pages * ACCOUNT_DATA_PAGE_COST
  );
}
