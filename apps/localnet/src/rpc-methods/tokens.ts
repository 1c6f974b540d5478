import { z } from 'zod';
import type { LedgerAccount } from '../chain/account.ts';
import { checkSliceAndEncoding, encodeAccount } from '../encoding/account-encoding.ts';
import { decodeMint, decodeTokenAccount, isTokenProgram, type TokenAccountState } from '../encoding/spl-token-layout.ts';
import { uiTokenAmount } from '../encoding/token-amount.ts';
import type { RpcHandler, RpcMethods } from '../rpc/json-rpc.ts';
import { invalidParams } from '../rpc/rpc-error.ts';
import { accountConfigSchema, commitmentOrConfig, context, parseParams, pubkeySchema } from './params.ts';
import type { RpcContext } from './rpc-context.ts';

// A node answers getTokenLargestAccounts with at most this many accounts.
const LARGEST_ACCOUNTS = 20;

const tokenFilterSchema = z.union([
  z.object({ mint: pubkeySchema }).strict(),
  z.object({ programId: pubkeySchema }).strict(),
]);

/** SPL Token reads: balances, supplies, the largest holders and the token accounts of an owner or a delegate. */
export function tokenMethods({ chain }: RpcContext): RpcMethods {
  const read = (pubkey: string) => chain.getAccount(pubkey);
  const mintDecimals = (mint: string): number | null => {
    const account = read(mint);
    return account ? decodeMint(account.owner, account.data)?.decimals ?? null : null;
  };
  const readMint = (pubkey: string) => {
    const account = read(pubkey);
    if (!account) throw invalidParams('Invalid param: could not find account');
    const mint = decodeMint(account.owner, account.data);
    if (!mint) throw invalidParams('Invalid param: not a Token mint');
    return { account, mint };
  };
  const tokenAccounts = (programId: string): { pubkey: string; account: LedgerAccount; token: TokenAccountState }[] =>
    chain.getProgramAccounts(programId).flatMap(({ pubkey, account }) => {
      const token = decodeTokenAccount(account.owner, account.data);
      return token ? [{ pubkey, account, token }] : [];
    });

  /** getTokenAccountsByOwner and ByDelegate: the same filters and encodings, keyed on a different field. */
  const accountsBy = (field: 'owner' | 'delegate'): RpcHandler => (params) => {
    const [key, filter, config] = parseParams(z.tuple([pubkeySchema, tokenFilterSchema, accountConfigSchema.optional()]), params);
    checkSliceAndEncoding(config?.encoding, config?.dataSlice);
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
    const value = tokenAccounts(programId)
      .filter(({ token }) => token[field] === key && (mintFilter === null || token.mint === mintFilter))
      .map(({ pubkey, account }) => ({
        pubkey,
        account: encodeAccount(account, config?.encoding ?? 'binary', config?.dataSlice, read),
      }));
    return { context: ctx, value };
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
      const { mint } = readMint(pubkey);
      return { context: context(chain, config), value: uiTokenAmount(mint.supply, mint.decimals) };
    },
    getTokenLargestAccounts: (params) => {
      const [pubkey, config] = parseParams(z.tuple([pubkeySchema, commitmentOrConfig.optional()]), params);
      const { account, mint } = readMint(pubkey);
      const ctx = context(chain, config);
      const value = tokenAccounts(account.owner)
        .filter(({ token }) => token.mint === pubkey)
        .sort((a, b) => (a.token.amount === b.token.amount ? 0 : a.token.amount > b.token.amount ? -1 : 1))
        .slice(0, LARGEST_ACCOUNTS)
        .map(({ pubkey: address, token }) => ({ address, ...uiTokenAmount(token.amount, mint.decimals) }));
      return { context: ctx, value };
    },
    getTokenAccountsByOwner: accountsBy('owner'),
    getTokenAccountsByDelegate: accountsBy('delegate'),
  };
}
