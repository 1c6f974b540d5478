import type { TransactionErrorJson } from './transaction-error.ts';

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  /** base58 */
  data: string;
  stackHeight: number | null;
}

export interface InnerInstructions {
  index: number;
  instructions: CompiledInnerInstruction[];
}

export interface ReturnDataJson {
  programId: string;
  data: [string, 'base64'];
}

/** Everything kept about a processed transaction: enough to answer getTransaction and getSignatureStatuses. */
export interface TransactionRecord {
  signature: string;
  slot: number;
  blockTime: number;
  /** The transaction as sent, base64. */
  wire: string;
  /** Every account key the transaction loaded (static, then lookup-table writable, then readonly). */
  accountKeys: string[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  err: TransactionErrorJson | null;
  fee: number;
  logs: string[];
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  innerInstructions: InnerInstructions[];
  computeUnitsConsumed: number;
  /** The block-packing cost (absent in states saved before it was kept). */
  costUnits?: number;
  returnData: ReturnDataJson | null;
}
