// The byte-level LiteSVM binding. litesvm's public class wraps it in @solana/kit types, converting every
// address with kit's codec (about 90 µs per account read); an RPC server works in bytes anyway.
import { Account } from 'litesvm/dist/internal.js';
import bs58 from 'bs58';
import type { LedgerAccount } from './account.ts';

export { FailedTransactionMetadata, FeatureSet, LiteSvm, type TransactionMetadata } from 'litesvm/dist/internal.js';

export function keyBytes(pubkey: string): Uint8Array {
  return bs58.decode(pubkey);
}

export function toLedgerAccount(account: Account): LedgerAccount {
  return {
    lamports: account.lamports(),
    owner: bs58.encode(account.owner()),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
    data: account.data(),
  };
}

export function toSvmAccount(account: LedgerAccount): Account {
  return new Account(account.lamports, account.data, keyBytes(account.owner), account.executable, account.rentEpoch);
}
