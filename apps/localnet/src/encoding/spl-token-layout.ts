import bs58 from 'bs58';

export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID] as const;

export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;
// Token-2022 accounts with extensions put an account-type byte right after the 165-byte base.
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

export function isTokenProgram(owner: string): boolean {
  return owner === TOKEN_PROGRAM_ID || owner === TOKEN_2022_PROGRAM_ID;
}

export interface MintState {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export type TokenAccountStateName = 'uninitialized' | 'initialized' | 'frozen';

export interface TokenAccountState {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: TokenAccountStateName;
  /** Present for wrapped-SOL accounts: the rent-exempt reserve. */
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

const view = (data: Uint8Array): DataView => new DataView(data.buffer, data.byteOffset, data.byteLength);
const key = (data: Uint8Array, offset: number): string => bs58.encode(data.subarray(offset, offset + 32));
const optionalKey = (data: Uint8Array, offset: number): string | null =>
  view(data).getUint32(offset, true) === 1 ? key(data, offset + 4) : null;

function hasLayout(data: Uint8Array, base: number, accountType: number): boolean {
  if (data.length === base) return true;
  return data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === accountType;
}

/** Decodes an SPL Token (or Token-2022 base) mint; null when the data is not a mint. */
export function decodeMint(owner: string, data: Uint8Array): MintState | null {
  if (!isTokenProgram(owner) || !hasLayout(data, MINT_SIZE, ACCOUNT_TYPE_MINT)) return null;
  if (owner === TOKEN_PROGRAM_ID && data.length !== MINT_SIZE) return null;
  const isInitialized = data[45] === 1;
  if (!isInitialized) return null;
  return {
    mintAuthority: optionalKey(data, 0),
    supply: view(data).getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized,
    freezeAuthority: optionalKey(data, 46),
  };
}

/** Decodes an initialised SPL Token (or Token-2022 base) account; null otherwise. */
export function decodeTokenAccount(owner: string, data: Uint8Array): TokenAccountState | null {
  if (!isTokenProgram(owner) || !hasLayout(data, TOKEN_ACCOUNT_SIZE, ACCOUNT_TYPE_ACCOUNT)) return null;
  if (owner === TOKEN_PROGRAM_ID && data.length !== TOKEN_ACCOUNT_SIZE) return null;
  const stateByte = data[108];
  if (stateByte !== 1 && stateByte !== 2) return null;
  const dv = view(data);
  return {
    mint: key(data, 0),
    owner: key(data, 32),
    amount: dv.getBigUint64(64, true),
    delegate: optionalKey(data, 72),
    state: stateByte === 1 ? 'initialized' : 'frozen',
    isNative: dv.getUint32(109, true) === 1 ? dv.getBigUint64(113, true) : null,
    delegatedAmount: dv.getBigUint64(121, true),
    closeAuthority: optionalKey(data, 129),
  };
}

/** Packs an initialised mint, for accounts created directly in the ledger (the test stablecoins). */
export function encodeMint(mint: { mintAuthority: Uint8Array | null; supply: bigint; decimals: number; freezeAuthority: Uint8Array | null }): Uint8Array {
  const data = new Uint8Array(MINT_SIZE);
  const dv = view(data);
  if (mint.mintAuthority) {
    dv.setUint32(0, 1, true);
    data.set(mint.mintAuthority, 4);
  }
  dv.setBigUint64(36, mint.supply, true);
  data[44] = mint.decimals;
  data[45] = 1;
  if (mint.freezeAuthority) {
    dv.setUint32(46, 1, true);
    data.set(mint.freezeAuthority, 50);
  }
  return data;
}
