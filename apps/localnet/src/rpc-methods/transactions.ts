import { VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { z } from 'zod';
import { feeForMessage } from '../chain/fees.ts';
import { submitTransaction } from '../chain/submit-transaction.ts';
import { tokenBalances } from '../chain/token-balances.ts';
import type { TransactionRecord } from '../chain/transaction-record.ts';
import { decodeWireTransaction, hasValidSignatures, type WireTransaction } from '../chain/wire-transaction.ts';
import { encodeAccount } from '../encoding/account-encoding.ts';
import { parsedInstruction } from '../encoding/parsed-instruction.ts';
import { transactionJson } from '../encoding/transaction-json.ts';
import type { RpcMethods } from '../rpc/json-rpc.ts';
import { invalidParams, RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';
import {
  accountEncodingSchema,
  commitmentSchema,
  context,
  contextConfigSchema,
  parseParams,
  pubkeySchema,
  signatureSchema,
} from './params.ts';
import type { RpcContext } from './rpc-context.ts';

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1_000;

const wireEncodingSchema = z.enum(['base58', 'base64']);

function decodeEncoded(encoded: string, encoding: 'base58' | 'base64' | undefined): Uint8Array {
  if ((encoding ?? 'base58') === 'base64') return Buffer.from(encoded, 'base64');
  try {
    return bs58.decode(encoded);
  } catch {
    throw invalidParams('invalid base58 encoding: the transaction is not valid base58');
  }
}

function status(record: TransactionRecord) {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: 'finalized',
  };
}

/** Sending, simulating and looking up transactions. */
export function transactionMethods({ chain }: RpcContext): RpcMethods {
  const read = (pubkey: string) => chain.getAccount(pubkey);
  return {
    sendTransaction: (params) => {
      const configSchema = contextConfigSchema.extend({
        encoding: wireEncodingSchema.optional(),
        skipPreflight: z.boolean().optional(),
        preflightCommitment: commitmentSchema.optional(),
        maxRetries: z.number().int().nonnegative().optional(),
      });
      const [encoded, config] = parseParams(z.tuple([z.string(), configSchema.optional()]), params);
      context(chain, config);
      return submitTransaction(chain, decodeEncoded(encoded, config?.encoding), {
        skipPreflight: config?.skipPreflight ?? false,
      });
    },

    simulateTransaction: (params) => {
      const configSchema = contextConfigSchema.extend({
        encoding: wireEncodingSchema.optional(),
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        innerInstructions: z.boolean().optional(),
        accounts: z
          .object({ addresses: z.array(pubkeySchema), encoding: accountEncodingSchema.optional() })
          .optional(),
      });
      const [encoded, config] = parseParams(z.tuple([z.string(), configSchema.optional()]), params);
      if (config?.sigVerify && config.replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      }
      const ctx = context(chain, config);
      let tx: WireTransaction = decodeWireTransaction(decodeEncoded(encoded, config?.encoding));
      if (config?.sigVerify && !hasValidSignatures(tx)) {
        throw new RpcError(RPC_ERROR.signatureVerificationFailure, 'Transaction signature verification failure');
      }
      let replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null = null;
      if (config?.replaceRecentBlockhash) {
        const message = tx.message;
        message.recentBlockhash = chain.ledger.latest.blockhash;
        tx = decodeWireTransaction(new VersionedTransaction(message, [...tx.signatures]).serialize());
        replacementBlockhash = {
          blockhash: chain.ledger.latest.blockhash,
          lastValidBlockHeight: chain.ledger.lastValidBlockHeight,
        };
      }
      const addresses = config?.accounts?.addresses ?? [];
      const resolved = chain.resolveKeys(tx);
      const keys = resolved.keys;
      const preAccounts = keys.map((key) => read(key));
      if (addresses.length > keys.length) throw invalidParams(`Too many accounts provided; max ${keys.length}`);
      const blockhashValid = chain.ledger.slotOfValidBlockhash(tx.message.recentBlockhash) !== null;
      const simulation = blockhashValid
        ? chain.simulate(tx)
        : {
            err: 'BlockhashNotFound' as const,
            logs: [],
            unitsConsumed: 0,
            innerInstructions: [],
            returnData: null,
            postAccounts: new Map(),
            loadedAccountsDataSize: 0,
          };
      const postAccounts = keys.map((key) => (simulation.postAccounts.has(key) ? simulation.postAccounts.get(key) ?? null : read(key)));
      const lamports = (accounts: (typeof preAccounts)[number][]) => accounts.map((account) => Number(account?.lamports ?? 0n));
      // Balances and the fee describe an execution: a simulation that failed reports none of them.
      const executed = simulation.err === null;
      const accountEncoding = config?.accounts?.encoding ?? 'base64';
      const accounts = config?.accounts
        ? addresses.map((pubkey) => {
            if (simulation.err !== null) return null;
            const account = simulation.postAccounts.has(pubkey) ? simulation.postAccounts.get(pubkey) : read(pubkey);
            return account ? encodeAccount(account, accountEncoding, undefined, read) : null;
          })
        : null;
      return {
        context: ctx,
        value: {
          err: simulation.err,
          logs: simulation.logs,
          accounts,
          fee: executed ? feeForMessage(tx.message) : null,
          loadedAddresses: { writable: [...resolved.loaded.writable], readonly: [...resolved.loaded.readonly] },
          preBalances: executed ? lamports(preAccounts) : null,
          postBalances: executed ? lamports(postAccounts) : null,
          preTokenBalances: executed ? tokenBalances(keys, preAccounts, read) : null,
          postTokenBalances: executed ? tokenBalances(keys, postAccounts, read) : null,
          unitsConsumed: simulation.unitsConsumed,
          loadedAccountsDataSize: simulation.loadedAccountsDataSize,
          returnData: simulation.returnData,
          innerInstructions: config?.innerInstructions
            ? simulation.innerInstructions.map(({ index, instructions }) => ({
                index,
                instructions: instructions.map((instruction) =>
                  parsedInstruction({
                    programId: keys[instruction.programIdIndex] ?? '',
                    accounts: instruction.accounts.map((account) => keys[account] ?? ''),
                    data: bs58.decode(instruction.data),
                    stackHeight: instruction.stackHeight,
                  }),
                ),
              }))
            : null,
          replacementBlockhash,
        },
      };
    },

    getSignatureStatuses: (params) => {
      const configSchema = z.object({ searchTransactionHistory: z.boolean().optional() });
      const [signatures] = parseParams(z.tuple([z.array(signatureSchema), configSchema.optional()]), params);
      if (signatures.length > MAX_SIGNATURE_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
      }
      return {
        context: context(chain),
        value: signatures.map((signature) => {
          const record = chain.history.get(signature);
          return record ? status(record) : null;
        }),
      };
    },

    getTransaction: (params) => {
      const configSchema = contextConfigSchema.extend({
        encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
        maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
      });
      const encodingOnly = z.enum(['json', 'jsonParsed', 'base64', 'base58']).transform((encoding) => ({ encoding }));
      const [signature, config] = parseParams(
        z.tuple([signatureSchema, configSchema.or(encodingOnly).optional()]),
        params,
      );
      const record = chain.history.get(signature);
      if (!record) return null;
      const maxVersion = config && 'maxSupportedTransactionVersion' in config ? config.maxSupportedTransactionVersion : undefined;
      return transactionJson(record, config?.encoding ?? 'json', maxVersion);
    },

    getSignaturesForAddress: (params) => {
      const configSchema = contextConfigSchema.extend({
        limit: z.number().int().min(1).max(MAX_SIGNATURES_FOR_ADDRESS).optional(),
        before: signatureSchema.optional(),
        until: signatureSchema.optional(),
      });
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, configSchema.optional()]), params);
      context(chain, config);
      const limit = config?.limit ?? MAX_SIGNATURES_FOR_ADDRESS;
      const found = [];
      let started = config?.before === undefined;
      for (const record of chain.history.newestFirst()) {
        if (!started) {
          started = record.signature === config?.before;
          continue;
        }
        if (record.signature === config?.until) break;
        if (!record.accountKeys.includes(pubkey)) continue;
        found.push({
          signature: record.signature,
          slot: record.slot,
          err: record.err,
          memo: null,
          blockTime: record.blockTime,
          confirmationStatus: 'finalized',
        });
        if (found.length >= limit) break;
      }
      return found;
    },
  };
}
