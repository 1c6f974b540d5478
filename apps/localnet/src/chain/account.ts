/** An account as the RPC layer sees it. */
export interface LedgerAccount {
  lamports: bigint;
  owner: string;
  executable: boolean;
  rentEpoch: bigint;
  data: Uint8Array;
}

/** Rent collection is gone from Solana; every account reports this rent epoch (u64::MAX). */
export const RENT_EXEMPT_RENT_EPOCH = 18_446_744_073_709_551_615n;

export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
export const SYSVAR_OWNER_ID = 'Sysvar1111111111111111111111111111111111111';
export const NATIVE_LOADER_ID = 'NativeLoader1111111111111111111111111111111';
