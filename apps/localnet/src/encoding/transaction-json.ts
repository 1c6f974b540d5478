import bs58 from 'bs58';
import type { TransactionRecord } from '../chain/transaction-record.ts';
import { describeTransactionError } from '../chain/transaction-error.ts';
import { decodeWireTransaction, type WireTransaction } from '../chain/wire-transaction.ts';
import { RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';
import { parsedInstruction } from './parsed-instruction.ts';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

interface KeyInfo {
  pubkey: string;
  signer: boolean;
  writable: boolean;
  source: 'transaction' | 'lookupTable';
}

function keyInfos(tx: WireTransaction, record: TransactionRecord): KeyInfo[] {
  const { numRequiredSignatures, numReadonlySignedAccounts, numReadonlyUnsignedAccounts } = tx.message.header;
  const staticCount = tx.message.staticAccountKeys.length;
  const writableLoaded = new Set(record.loadedAddresses.writable);
  return record.accountKeys.map((pubkey, i) => {
    if (i >= staticCount) return { pubkey, signer: false, writable: writableLoaded.has(pubkey), source: 'lookupTable' };
    const signer = i < numRequiredSignatures;
    const writable = signer
      ? i < numRequiredSignatures - numReadonlySignedAccounts
      : i < staticCount - numReadonlyUnsignedAccounts;
    return { pubkey, signer, writable, source: 'transaction' };
  });
}

function lookups(tx: WireTransaction): { accountKey: string; writableIndexes: number[]; readonlyIndexes: number[] }[] {
  return tx.message.addressTableLookups.map((lookup) => ({
    accountKey: lookup.accountKey.toBase58(),
    writableIndexes: [...lookup.writableIndexes],
    readonlyIndexes: [...lookup.readonlyIndexes],
  }));
}

function messageJson(tx: WireTransaction, record: TransactionRecord, parsed: boolean): Record<string, unknown> {
  const keys = record.accountKeys;
  const instructions = tx.message.compiledInstructions.map((instruction) =>
    parsed
      ? parsedInstruction({
          programId: keys[instruction.programIdIndex] ?? '',
          accounts: instruction.accountKeyIndexes.map((index) => keys[index] ?? ''),
          data: instruction.data,
          stackHeight: null,
        })
      : {
          programIdIndex: instruction.programIdIndex,
          accounts: [...instruction.accountKeyIndexes],
          data: bs58.encode(instruction.data),
          stackHeight: null,
        },
  );
  const message: Record<string, unknown> = {
    accountKeys: parsed ? keyInfos(tx, record) : tx.message.staticAccountKeys.map((key) => key.toBase58()),
    header: { ...tx.message.header },
    recentBlockhash: tx.message.recentBlockhash,
    instructions,
  };
  if (tx.version !== 'legacy') message.addressTableLookups = lookups(tx);
  if (parsed) delete message.header;
  return message;
}

function innerInstructionsJson(record: TransactionRecord, parsed: boolean): unknown[] {
  if (!parsed) return record.innerInstructions;
  const keys = record.accountKeys;
  return record.innerInstructions.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((instruction) =>
      parsedInstruction({
        programId: keys[instruction.programIdIndex] ?? '',
        accounts: instruction.accounts.map((account) => keys[account] ?? ''),
        data: bs58.decode(instruction.data),
        stackHeight: instruction.stackHeight,
      }),
    ),
  }));
}

/** Decodes a recorded transaction, refusing a version the client did not say it supports (as a node does). */
function decodeSupported(record: TransactionRecord, maxSupportedTransactionVersion: number | undefined): WireTransaction {
  const tx = decodeWireTransaction(Buffer.from(record.wire, 'base64'));
  if (tx.version !== 'legacy' && (maxSupportedTransactionVersion === undefined || tx.version > maxSupportedTransactionVersion)) {
    throw new RpcError(
      RPC_ERROR.unsupportedTransactionVersion,
      `Transaction version (${tx.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${tx.version}`,
    );
  }
  return tx;
}

/** getBlock's `transactionDetails: "accounts"` entry: signatures, annotated keys and the balance-only meta. */
export function transactionAccountsJson(
  record: TransactionRecord,
  maxSupportedTransactionVersion: number | undefined,
): Record<string, unknown> {
  const tx = decodeSupported(record, maxSupportedTransactionVersion);
  const result: Record<string, unknown> = {
    transaction: { signatures: tx.signatures.map((signature) => bs58.encode(signature)), accountKeys: keyInfos(tx, record) },
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
    },
  };
  if (maxSupportedTransactionVersion !== undefined) result.version = tx.version;
  return result;
}

/** getTransaction's answer for a recorded transaction, in the requested encoding. */
export function transactionJson(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined,
): Record<string, unknown> {
  const tx = decodeSupported(record, maxSupportedTransactionVersion);
  const parsed = encoding === 'jsonParsed';
  let transaction: unknown;
  if (encoding === 'base64') transaction = [record.wire, 'base64'];
  else if (encoding === 'base58') transaction = [bs58.encode(tx.bytes), 'base58'];
  else transaction = { signatures: tx.signatures.map((signature) => bs58.encode(signature)), message: messageJson(tx, record, parsed) };
  const meta: Record<string, unknown> = {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: innerInstructionsJson(record, parsed),
    logMessages: record.logs,
    preTokenBalances: record.preTokenBalances,
    postTokenBalances: record.postTokenBalances,
    rewards: [],
    computeUnitsConsumed: record.computeUnitsConsumed,
  };
  if (record.costUnits !== undefined) meta.costUnits = record.costUnits;
  if (!parsed) meta.loadedAddresses = record.loadedAddresses;
  if (record.returnData) meta.returnData = record.returnData;
  const result: Record<string, unknown> = { slot: record.slot, blockTime: record.blockTime, meta, transaction };
  if (maxSupportedTransactionVersion !== undefined) result.version = tx.version;
  return result;
}

/** A short human description of a transaction's outcome, for logs. */
export function outcomeText(record: TransactionRecord): string {
  return record.err === null ? 'ok' : describeTransactionError(record.err);
}
