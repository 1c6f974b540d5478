import bs58 from 'bs58';
import type { LedgerAccount } from '../chain/account.ts';
import { invalidParams, RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';
import { decodeMint, decodeTokenAccount, TOKEN_2022_PROGRAM_ID } from './spl-token-layout.ts';
import { uiTokenAmount } from './token-amount.ts';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed';

export interface DataSlice {
  offset: number;
  length: number;
}

export interface UiAccount {
  lamports: number;
  owner: string;
  executable: boolean;
  /** A u64 sent as an exact JSON integer (see rpc/json-text.ts). */
  rentEpoch: bigint;
  space: number;
  data: string | [string, 'base58' | 'base64'] | { program: string; parsed: unknown; space: number };
}

// A real node refuses base58 for larger data: base58 encoding is quadratic.
const MAX_BASE58_BYTES = 128;

function slice(data: Uint8Array, dataSlice: DataSlice | undefined): Uint8Array {
  if (!dataSlice) return data;
  return data.subarray(Math.min(dataSlice.offset, data.length), Math.min(dataSlice.offset + dataSlice.length, data.length));
}

/** Parses SPL Token mints and accounts the way the RPC's jsonParsed encoding does; null when it cannot. */
export function parseTokenData(
  account: LedgerAccount,
  readAccount: (pubkey: string) => LedgerAccount | null,
): { program: string; parsed: unknown; space: number } | null {
  const program = account.owner === TOKEN_2022_PROGRAM_ID ? 'spl-token-2022' : 'spl-token';
  const space = account.data.length;
  const mint = decodeMint(account.owner, account.data);
  if (mint) {
    return {
      program,
      space,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
    };
  }
  const token = decodeTokenAccount(account.owner, account.data);
  if (!token) return null;
  const mintAccount = readAccount(token.mint);
  const mintState = mintAccount ? decodeMint(mintAccount.owner, mintAccount.data) : null;
  if (!mintState) return null;
  const decimals = mintState.decimals;
  const info: Record<string, unknown> = {
    isNative: token.isNative !== null,
    mint: token.mint,
    owner: token.owner,
    state: token.state,
    tokenAmount: uiTokenAmount(token.amount, decimals),
  };
  if (token.delegate) {
    info.delegate = token.delegate;
    info.delegatedAmount = uiTokenAmount(token.delegatedAmount, decimals);
  }
  if (token.isNative !== null) info.rentExemptReserve = uiTokenAmount(token.isNative, decimals);
  if (token.closeAuthority) info.closeAuthority = token.closeAuthority;
  return { program, space, parsed: { type: 'account', info } };
}

/** A node refuses a data slice with jsonParsed (a parsed account cannot be cut), before reading anything. */
export function checkSliceAndEncoding(encoding: AccountEncoding | undefined, dataSlice: DataSlice | undefined): void {
  if (encoding === 'jsonParsed' && dataSlice) {
    throw new RpcError(
      RPC_ERROR.invalidRequest,
      'Sliced account data can only be encoded using binary (base 58) or base64 encoding.',
    );
  }
}

export function encodeAccount(
  account: LedgerAccount,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  readAccount: (pubkey: string) => LedgerAccount | null,
): UiAccount {
  const base = {
    lamports: Number(account.lamports),
    owner: account.owner,
    executable: account.executable,
    rentEpoch: account.rentEpoch,
    space: account.data.length,
  };
  const bytes = slice(account.data, dataSlice);
  switch (encoding) {
    case 'binary':
    case 'base58':
      if (bytes.length > MAX_BASE58_BYTES) {
        throw new RpcError(
          RPC_ERROR.invalidRequest,
          `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
        );
      }
      return { ...base, data: encoding === 'binary' ? bs58.encode(bytes) : [bs58.encode(bytes), 'base58'] };
    case 'base64':
      return { ...base, data: [Buffer.from(bytes).toString('base64'), 'base64'] };
    case 'jsonParsed': {
      const parsed = parseTokenData(account, readAccount);
      return { ...base, data: parsed ?? [Buffer.from(bytes).toString('base64'), 'base64'] };
    }
    case 'base64+zstd':
      throw invalidParams('Invalid params: base64+zstd encoding is not supported by this localnet; use base64');
  }
}
