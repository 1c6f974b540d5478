import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type { LedgerAccount } from './account.ts';
import { BlockLedger, type BlockLedgerState } from './block-ledger.ts';
import { loadedAccountsDataSize, transactionCostUnits } from './cost-model.ts';
import { feeForMessage } from './fees.ts';
import { tokenBalances } from './token-balances.ts';
import { transactionErrorToJson, type TransactionErrorJson } from './transaction-error.ts';
import { TransactionHistory } from './transaction-history.ts';
import type { InnerInstructions, ReturnDataJson, TransactionRecord } from './transaction-record.ts';
import { FailedTransactionMetadata, keyBytes, LiteSvm, toLedgerAccount, toSvmAccount, type TransactionMetadata } from './svm.ts';
import { resolveAccountKeys, type ResolvedAccountKeys, type WireTransaction } from './wire-transaction.ts';

export const SLOTS_PER_EPOCH = 432_000;
const LITESVM_HISTORY_CAPACITY = 1_000n;

export interface ChainState {
  genesisHash: string;
  ledger: BlockLedgerState;
  transactionCount: number;
  transactions: TransactionRecord[];
}

export interface ProcessedTransaction {
  record: TransactionRecord;
  /** Accounts the transaction could write (their new state is worth announcing). */
  writableKeys: string[];
  parentSlot: number;
}

export interface ExecutionDetails {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: number;
  innerInstructions: InnerInstructions[];
  returnData: ReturnDataJson | null;
}

export interface SimulationOutcome extends ExecutionDetails {
  /** Account states after the simulated transaction, for the addresses it loaded. */
  postAccounts: Map<string, LedgerAccount | null>;
  loadedAccountsDataSize: number;
}

/** A block was produced: by a landed transaction or, empty, by the slot clock. */
export interface ProducedBlock {
  slot: number;
  parentSlot: number;
}

export type ExecutionOutcome =
  | { landed: true; processed: ProcessedTransaction }
  | { landed: false; details: ExecutionDetails };

type Listener = (processed: ProcessedTransaction) => void;
type BlockListener = (block: ProducedBlock) => void;

/**
 * The ledger: LiteSVM plus what a real node adds around the runtime — slots and blockhashes,
 * a clock that follows wall time, a transaction history, and the set of accounts ever written.
 */
export class LocalnetChain {
  readonly svm: LiteSvm;
  readonly ledger: BlockLedger;
  readonly history: TransactionHistory;
  readonly genesisHash: string;
  /** Every address ever written by a transaction or by the ledger itself: what persistence saves. */
  readonly touched = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private readonly blockListeners = new Set<BlockListener>();
  private readonly now: () => number;

  /** `now`: the wall clock in ms (default Date.now); the Clock sysvar follows it. */
  constructor(options: { historyLimit: number; state?: ChainState; now?: () => number }) {
    this.now = options.now ?? (() => Date.now());
    // Signatures and blockhash ages are checked here (the runtime would accept only its single latest
    // blockhash); LiteSVM still refuses replays from its own history.
    this.svm = new LiteSvm();
    this.svm.setSigverify(false);
    this.svm.setBlockhashCheck(false);
    this.svm.setTransactionHistory(LITESVM_HISTORY_CAPACITY);
    // wrapped SOL (So11111111111111111111111111111111111111112), which the app lists as SOL's mint
    this.svm.withNativeMints();
    this.ledger = new BlockLedger(options.state?.ledger);
    this.history = new TransactionHistory(
      options.historyLimit,
      options.state?.transactions ?? [],
      options.state?.transactionCount,
    );
    this.genesisHash = options.state?.genesisHash ?? bs58.encode(randomBytes(32));
    this.syncSlotHashes();
  }

  /** SlotHashes follows the ledger's blocks, so programs that check recent slots (lookup tables) work. */
  private syncSlotHashes(): void {
    this.svm.setSlotHashes(this.ledger.recentBlocks().map(({ slot, blockhash }) => ({ slot: BigInt(slot), hash: blockhash })));
  }

  onProcessed(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called for every block, after the processed-transaction listeners of a block that holds one. */
  onBlock(listener: BlockListener): () => void {
    this.blockListeners.add(listener);
    return () => this.blockListeners.delete(listener);
  }

  private emitBlock(block: ProducedBlock): void {
    for (const listener of this.blockListeners) listener(block);
  }

  /** An empty block: time passed with no transaction, so the slot, block height and blockhash move on. */
  produceEmptyBlock(): ProducedBlock {
    const { block, parent } = this.ledger.produceBlock(Math.floor(this.now() / 1000));
    // the Clock sysvar moves with every block, as on a real node: a reader of it (the escape kit) sees the chain's time
    this.syncClock(block.slot);
    this.syncSlotHashes();
    const produced = { slot: block.slot, parentSlot: parent };
    this.emitBlock(produced);
    return produced;
  }

  getAccount(pubkey: string): LedgerAccount | null {
    const account = this.svm.getAccount(keyBytes(pubkey));
    return account ? toLedgerAccount(account) : null;
  }

  setAccount(pubkey: string, account: LedgerAccount): void {
    this.svm.setAccount(keyBytes(pubkey), toSvmAccount(account));
    this.touched.add(pubkey);
  }

  getProgramAccounts(programId: string): { pubkey: string; account: LedgerAccount }[] {
    return this.svm.getProgramAccounts(keyBytes(programId)).map((entry) => ({
      pubkey: bs58.encode(entry.address),
      account: toLedgerAccount(entry.account()),
    }));
  }

  resolveKeys(tx: WireTransaction): ResolvedAccountKeys {
    return resolveAccountKeys(tx.message, (pubkey) => this.getAccount(pubkey)?.data ?? null);
  }

  /** Sets the clock sysvar for a transaction landing in `slot` now; returns the unix timestamp used. */
  private syncClock(slot: number): number {
    const unixTimestamp = Math.floor(this.now() / 1000);
    const clock = this.svm.getClock();
    const epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
    clock.slot = BigInt(slot);
    clock.epoch = epoch;
    clock.leaderScheduleEpoch = epoch + 1n;
    clock.unixTimestamp = BigInt(unixTimestamp);
    this.svm.setClock(clock);
    return unixTimestamp;
  }

  simulate(tx: WireTransaction): SimulationOutcome {
    this.syncClock(this.ledger.slot + 1);
    const keys = this.resolveKeys(tx);
    const loadedBytes = loadedAccountsDataSize(tx, keys, (pubkey) => this.getAccount(pubkey));
    const result = tx.version === 'legacy' ? this.svm.simulateLegacyTransaction(tx.bytes) : this.svm.simulateVersionedTransaction(tx.bytes);
    if (result instanceof FailedTransactionMetadata) {
      return {
        ...executionDetails(result.meta(), keys.keys, transactionErrorToJson(result.err())),
        postAccounts: new Map(),
        loadedAccountsDataSize: loadedBytes,
      };
    }
    const postAccounts = new Map<string, LedgerAccount | null>();
    for (const entry of result.postAccounts()) {
      postAccounts.set(bs58.encode(entry.address), toLedgerAccount(entry.account()));
    }
    return { ...executionDetails(result.meta(), keys.keys, null), postAccounts, loadedAccountsDataSize: loadedBytes };
  }

  /** Runs a transaction for real. It lands (fee charged, maybe failed) or is refused before execution. */
  execute(tx: WireTransaction): ExecutionOutcome {
    const slot = this.ledger.slot + 1;
    const blockTime = this.syncClock(slot);
    const keys = this.resolveKeys(tx);
    const pre = keys.keys.map((key) => this.getAccount(key));
    const loadedBytes = loadedAccountsDataSize(tx, keys, (pubkey) => this.getAccount(pubkey));
    const result = tx.version === 'legacy' ? this.svm.sendLegacyTransaction(tx.bytes) : this.svm.sendVersionedTransaction(tx.bytes);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    const err = failed ? transactionErrorToJson(result.err()) : null;
    const details = executionDetails(meta, keys.keys, err);
    if (this.svm.getTransaction(tx.signatures[0] as Uint8Array) === null) {
      return { landed: false, details };
    }
    const post = keys.keys.map((key) => this.getAccount(key));
    const { parent } = this.ledger.produceBlock(blockTime);
    this.syncSlotHashes();
    const record: TransactionRecord = {
      signature: tx.signature,
      slot,
      blockTime,
      wire: Buffer.from(tx.bytes).toString('base64'),
      accountKeys: [...keys.keys],
      loadedAddresses: { writable: [...keys.loaded.writable], readonly: [...keys.loaded.readonly] },
      err,
      fee: feeForMessage(tx.message),
      logs: details.logs,
      preBalances: pre.map((account) => Number(account?.lamports ?? 0n)),
      postBalances: post.map((account) => Number(account?.lamports ?? 0n)),
      preTokenBalances: tokenBalances(keys.keys, pre, (mint) => this.getAccount(mint)),
      postTokenBalances: tokenBalances(keys.keys, post, (mint) => this.getAccount(mint)),
      innerInstructions: details.innerInstructions,
      computeUnitsConsumed: details.unitsConsumed,
      costUnits: transactionCostUnits(tx, keys, details.unitsConsumed, loadedBytes),
      returnData: details.returnData,
    };
    this.history.add(record);
    for (const key of keys.keys) this.touched.add(key);
    const processed: ProcessedTransaction = {
      record,
      writableKeys: keys.keys.filter((_, i) => keys.writable[i]),
      parentSlot: parent,
    };
    for (const listener of this.listeners) listener(processed);
    this.emitBlock({ slot, parentSlot: parent });
    return { landed: true, processed };
  }

  toState(): ChainState {
    return {
      genesisHash: this.genesisHash,
      ledger: this.ledger.toState(),
      transactionCount: this.history.transactionCount,
      transactions: this.history.records(),
    };
  }
}

function executionDetails(meta: TransactionMetadata, keys: readonly string[], err: TransactionErrorJson | null): ExecutionDetails {
  const innerInstructions: InnerInstructions[] = [];
  meta.innerInstructions().forEach((list, index) => {
    if (list.length === 0) return;
    innerInstructions.push({
      index,
      instructions: list.map((inner) => {
        const compiled = inner.instruction();
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: [...compiled.accounts()],
          data: bs58.encode(compiled.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    });
  });
  const returned = meta.returnData();
  const returnProgram = bs58.encode(returned.programId());
  const returnBytes = returned.data();
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    innerInstructions,
    returnData:
      returnBytes.length > 0 && keys.includes(returnProgram)
        ? { programId: returnProgram, data: [Buffer.from(returnBytes).toString('base64'), 'base64'] }
        : null,
  };
}

