import { z } from 'zod';

/**
 * The answer shapes kit documents (its rpc-api types), as checks: kit parses every integer as a bigint (exactly,
 * from the JSON text), so u64 fields are bigints here and a rounded value fails.
 */
export const U64_MAX = 18_446_744_073_709_551_615n;

export const u64 = z.bigint().nonnegative().max(U64_MAX);
export const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
export const signature = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
export const context = z.object({ slot: u64 });
export const withContext = <T extends z.ZodType>(value: T) => z.object({ context, value }).strict();

const accountBase = {
  executable: z.boolean(),
  lamports: u64,
  owner: address,
  // Rent collection is gone: a node reports u64::MAX, sent as an exact JSON integer.
  rentEpoch: z.literal(U64_MAX),
  space: u64,
};
export const base64Account = z.object({ ...accountBase, data: z.tuple([z.string(), z.literal('base64')]) }).strict();
export const base58Account = z.object({ ...accountBase, data: z.tuple([z.string(), z.literal('base58')]) }).strict();
export const parsedAccount = z
  .object({ ...accountBase, data: z.object({ program: z.string(), parsed: z.object({ type: z.string(), info: z.record(z.string(), z.unknown()) }), space: u64 }).strict() })
  .strict();
export const keyedAccount = (account: z.ZodType) => z.object({ pubkey: address, account }).strict();

export const tokenAmount = z
  // kit keeps decimals (and a token balance's accountIndex) as numbers: they are small by definition.
  .object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().nonnegative(), uiAmount: z.number().nullable(), uiAmountString: z.string() })
  .strict();
export const tokenBalance = z
  .object({ accountIndex: z.number().int().nonnegative(), mint: address, owner: address, programId: address, uiTokenAmount: tokenAmount })
  .strict();

export const transactionError = z.union([z.string(), z.record(z.string(), z.unknown())]).nullable();

export const transactionMeta = z
  .object({
    err: transactionError,
    status: z.union([z.object({ Ok: z.null() }), z.object({ Err: z.unknown() })]),
    fee: u64,
    preBalances: z.array(u64),
    postBalances: z.array(u64),
    innerInstructions: z.array(z.object({ index: u64, instructions: z.array(z.unknown()) })),
    logMessages: z.array(z.string()),
    preTokenBalances: z.array(tokenBalance),
    postTokenBalances: z.array(tokenBalance),
    rewards: z.array(z.unknown()),
    loadedAddresses: z.object({ writable: z.array(address), readonly: z.array(address) }).strict(),
    computeUnitsConsumed: u64,
    costUnits: u64,
  })
  .strict();

export const blockBase = {
  blockhash: address,
  previousBlockhash: address,
  parentSlot: u64,
  blockHeight: u64,
  blockTime: z.bigint(),
};
