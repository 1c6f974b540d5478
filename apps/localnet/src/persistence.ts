import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { NATIVE_LOADER_ID, SYSVAR_OWNER_ID } from './chain/account.ts';
import type { LocalnetChain } from './chain/localnet-chain.ts';

export const STATE_FILE_NAME = 'state.json';
const STATE_VERSION = 1;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const digits = z.string().regex(/^\d+$/);

const persistedAccountSchema = z.object({
  address: z.string().min(32).max(44),
  lamports: digits,
  owner: z.string().min(32).max(44),
  executable: z.boolean(),
  rentEpoch: digits,
  data: base64,
});
export type PersistedAccount = z.infer<typeof persistedAccountSchema>;

const uiTokenAmountSchema = z.object({
  amount: digits,
  decimals: z.number().int(),
  uiAmount: z.number().nullable(),
  uiAmountString: z.string(),
});
const tokenBalanceSchema = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string(),
  programId: z.string(),
  uiTokenAmount: uiTokenAmountSchema,
});
const transactionErrorSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);
const transactionRecordSchema = z.object({
  signature: z.string(),
  slot: z.number().int().nonnegative(),
  blockTime: z.number().int(),
  wire: base64,
  accountKeys: z.array(z.string()),
  loadedAddresses: z.object({ writable: z.array(z.string()), readonly: z.array(z.string()) }),
  err: transactionErrorSchema.nullable(),
  fee: z.number().int().nonnegative(),
  logs: z.array(z.string()),
  preBalances: z.array(z.number()),
  postBalances: z.array(z.number()),
  preTokenBalances: z.array(tokenBalanceSchema),
  postTokenBalances: z.array(tokenBalanceSchema),
  innerInstructions: z.array(
    z.object({
      index: z.number().int(),
      instructions: z.array(
        z.object({
          programIdIndex: z.number().int(),
          accounts: z.array(z.number().int()),
          data: z.string(),
          stackHeight: z.number().int().nullable(),
        }),
      ),
    }),
  ),
  computeUnitsConsumed: z.number().int().nonnegative(),
  costUnits: z.number().int().nonnegative().optional(),
  returnData: z.object({ programId: z.string(), data: z.tuple([base64, z.literal('base64')]) }).nullable(),
});

const persistedStateSchema = z.object({
  version: z.literal(STATE_VERSION),
  savedAt: z.string(),
  chain: z.object({
    genesisHash: z.string(),
    ledger: z.object({
      slot: z.number().int().nonnegative(),
      recentBlocks: z.array(
        z.object({ slot: z.number().int().nonnegative(), blockhash: z.string(), blockTime: z.number().int().optional() }),
      ),
    }),
    transactionCount: z.number().int().nonnegative(),
    transactions: z.array(transactionRecordSchema),
  }),
  accounts: z.array(persistedAccountSchema),
});
export type PersistedState = z.infer<typeof persistedStateSchema>;

/** Reads and validates a saved state; null when there is none yet. A corrupt file is an error, never ignored. */
export function loadState(file: string): PersistedState | null {
  if (!existsSync(file)) return null;
  const parsed = persistedStateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`The localnet state file ${file} is not valid: ${parsed.error.issues[0]?.message ?? 'unknown error'}`);
  }
  return parsed.data;
}

/** Puts the saved accounts back into a fresh ledger. */
export function restoreAccounts(chain: LocalnetChain, accounts: readonly PersistedAccount[]): void {
  for (const account of accounts) {
    chain.setAccount(account.address, {
      lamports: BigInt(account.lamports),
      owner: account.owner,
      executable: account.executable,
      rentEpoch: BigInt(account.rentEpoch),
      data: Buffer.from(account.data, 'base64'),
    });
  }
}

const UNSAVED_OWNERS = new Set([
  SYSVAR_OWNER_ID,
  NATIVE_LOADER_ID,
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
]);

/**
 * Accounts worth saving: everything ever written, except programs and their program data (loaded from their
 * files at start) and sysvars and builtins (the runtime provides them).
 */
export function snapshotState(chain: LocalnetChain): PersistedState {
  const accounts: PersistedAccount[] = [];
  for (const address of chain.touched) {
    const account = chain.getAccount(address);
    if (!account || account.executable) continue;
    if (UNSAVED_OWNERS.has(account.owner)) continue;
    accounts.push({
      address,
      lamports: account.lamports.toString(),
      owner: account.owner,
      executable: account.executable,
      rentEpoch: account.rentEpoch.toString(),
      data: Buffer.from(account.data).toString('base64'),
    });
  }
  return { version: STATE_VERSION, savedAt: new Date().toISOString(), chain: chain.toState(), accounts };
}

/** Saves the state a short while after each change (debounced) and on demand, by write-temp-then-rename. */
export class StateSaver {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly snapshot: () => PersistedState,
    private readonly debounceMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save().catch((error: unknown) => this.onError(error));
    }, this.debounceMs);
  }

  /** Writes now (after any save in progress); rejects if the write fails. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    await this.save();
  }

  private save(): Promise<void> {
    const run = async (): Promise<void> => {
      const state = this.snapshot();
      await mkdir(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(state), { mode: 0o600 });
      await rename(temp, this.file);
    };
    this.saving = this.saving.catch(() => undefined).then(run);
    return this.saving;
  }
}
