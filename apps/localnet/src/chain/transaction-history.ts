import type { TransactionRecord } from './transaction-record.ts';

/**
 * Processed transactions, oldest first, capped. Old entries can go: their blockhash expired long ago,
 * so they can no longer be replayed.
 */
export class TransactionHistory {
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly limit: number;
  private total: number;

  constructor(limit: number, records: readonly TransactionRecord[] = [], total = records.length) {
    this.limit = limit;
    this.total = total;
    for (const record of records) this.bySignature.set(record.signature, record);
    this.trim();
  }

  get(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature);
  }

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  add(record: TransactionRecord): void {
    this.bySignature.set(record.signature, record);
    this.total += 1;
    this.trim();
  }

  /** How many transactions this ledger processed since its genesis. */
  get transactionCount(): number {
    return this.total;
  }

  /** Newest first. */
  *newestFirst(): Generator<TransactionRecord> {
    const records = [...this.bySignature.values()];
    for (let i = records.length - 1; i >= 0; i -= 1) yield records[i] as TransactionRecord;
  }

  records(): TransactionRecord[] {
    return [...this.bySignature.values()];
  }

  private trim(): void {
    for (const signature of this.bySignature.keys()) {
      if (this.bySignature.size <= this.limit) break;
      this.bySignature.delete(signature);
    }
  }
}
