import { z } from 'zod';
import type { LedgerAccount } from '../chain/account.ts';
import { accountFiltersSchema, matchesFilters } from '../encoding/account-filters.ts';
import { checkSliceAndEncoding, encodeAccount } from '../encoding/account-encoding.ts';
import type { RpcMethods } from '../rpc/json-rpc.ts';
import { invalidParams } from '../rpc/rpc-error.ts';
import { accountConfigSchema, commitmentOrConfig, context, parseParams, pubkeySchema } from './params.ts';
import type { RpcContext } from './rpc-context.ts';

export const MAX_MULTIPLE_ACCOUNTS = 100;

/** Account reads: single, batched (up to 100 keys, the app reads 99 at a time), balances, program accounts. */
export function accountMethods({ chain }: RpcContext): RpcMethods {
  const read = (pubkey: string): LedgerAccount | null => chain.getAccount(pubkey);
  return {
    getAccountInfo: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, accountConfigSchema.optional()]), params);
      checkSliceAndEncoding(config?.encoding, config?.dataSlice);
      const account = read(pubkey);
      return {
        context: context(chain, config),
        value: account ? encodeAccount(account, config?.encoding ?? 'binary', config?.dataSlice, read) : null,
      };
    },
    getMultipleAccounts: (params) => {
      const [pubkeys, config] = parseParams(z.tuple([z.array(pubkeySchema), accountConfigSchema.optional()]), params);
      checkSliceAndEncoding(config?.encoding, config?.dataSlice);
      if (pubkeys.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
      }
      const ctx = context(chain, config);
      return {
        context: ctx,
        value: pubkeys.map((pubkey) => {
          const account = read(pubkey);
          return account ? encodeAccount(account, config?.encoding ?? 'base64', config?.dataSlice, read) : null;
        }),
      };
    },
    getBalance: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, commitmentOrConfig.optional()]), params);
      return { context: context(chain, config), value: Number(read(pubkey)?.lamports ?? 0n) };
    },
    getProgramAccounts: (params) => {
      const configSchema = accountConfigSchema.extend({
        filters: accountFiltersSchema.optional(),
        withContext: z.boolean().optional(),
      });
      const [programId, config] = parseParams(z.tuple([pubkeySchema, configSchema.optional()]), params);
      checkSliceAndEncoding(config?.encoding, config?.dataSlice);
      const ctx = context(chain, config);
      const value = chain
        .getProgramAccounts(programId)
        .filter(({ account }) => matchesFilters(account, config?.filters ?? []))
        .map(({ pubkey, account }) => ({
          pubkey,
          account: encodeAccount(account, config?.encoding ?? 'binary', config?.dataSlice, read),
        }));
      return config?.withContext ? { context: ctx, value } : value;
    },
  };
}
