import { z } from 'zod';
import { encodeAccount } from '../encoding/account-encoding.ts';
import { decodeMint, decodeTokenAccount, isTokenProgram } from '../encoding/spl-token-layout.ts';
import { uiTokenAmount } from '../encoding/token-amount.ts';
import type { RpcMethods } from '../rpc/json-rpc.ts';
import { invalidParams } from '../rpc/rpc-error.ts';
import { accountConfigSchema, commitmentOrConfig, context, parseParams, pubkeySchema } from './params.ts';
import type { RpcContext } from './rpc-context.ts';

const tokenFilterSchema = z.union([
  z.object({ mint: pubkeySchema }).strict(),
  z.object({ programId: pubkeySchema }).strict(),
]);

/** SPL Token reads: balances, supplies and an owner's token accounts. */
export function tokenMethods({ chain }: RpcContext): RpcMethods {
  const read = (pubkey: string) => chain.getAccount(pubkey);
  const mintDecimals = (mint: string): number | null => {
    const account = read(mint);
    return account ? decodeMint(account.owner, account.data)?.decimals ?? null : null;
  };
  return {
    getTokenAccountBalance: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, commitmentOrConfig.optional()]), params);
      const account = read(pubkey);
      if (!account) throw invalidParams('Invalid param: could not find account');
      const token = decodeTokenAccount(account.owner, account.data);
      const decimals = token ? mintDecimals(token.mint) : null;
      if (!token || decimals === null) throw invalidParams('Invalid param: not a Token account');
      return { context: context(chain, config), value: uiTokenAmount(token.amount, decimals) };
    },
    getTokenSupply: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, commitmentOrConfig.optional()]), params);
      const account = read(pubkey);
      if (!account) throw invalidParams('Invalid param: could not find account');
      const mint = decodeMint(account.owner, account.data);
      if (!mint) throw invalidParams('Invalid param: not a Token mint');
      return { context: context(chain, config), value: uiTokenAmount(mint.supply, mint.decimals) };
    },
    getTokenAccountsByOwner: (params) => {
      const [owner, filter, config] = parseParams(
        z.tuple([pubkeySchema, tokenFilterSchema, accountConfigSchema.optional()]),
        params,
      );
      let programId: string;
      let mintFilter: string | null = null;
      if ('mint' in filter) {
        const mintAccount = read(filter.mint);
        if (!mintAccount || !decodeMint(mintAccount.owner, mintAccount.data)) {
          throw invalidParams('Invalid param: could not find mint');
        }
        programId = mintAccount.owner;
        mintFilter = filter.mint;
      } else {
        if (!isTokenProgram(filter.programId)) throw invalidParams('Invalid param: unrecognized Token program id');
        programId = filter.programId;
      }
      const ctx = context(chain, config);
      const value = chain
        .getProgramAccounts(programId)
        .filter(({ account }) => {
          const token = decodeTokenAccount(account.owner, account.data);
          return token !== null && token.owner === owner && (mintFilter === null || token.mint === mintFilter);
        })
        .map(({ pubkey, account }) => ({
          pubkey,
          account: encodeAccount(account, config?.encoding ?? 'binary', config?.dataSlice, read),
        }));
      return { context: ctx, value };
    },
  };
}
