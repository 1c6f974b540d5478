/**
 * The backup test's data: `count` deals written straight into the tables (a seed, not a use-case: 1,000 chain flows
 * would take minutes), with what a deal leaves behind: half of them Completed (the orders triggers then keep the
 * traders' counters, volumes and daily figures), a co-signed transaction, the fee payer's spend and an audit row each.
 * And `snapshot`: every table of the database, each row as JSON text, in a fixed order, to compare two databases.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { OfferSide, OrderStatus } from '@jelly/domain';
import bs58 from 'bs58';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/connect.ts';
import { queryRows } from '../src/db/rows.ts';
import { adminAuditLog, adminSpend, dealTransactions, orders } from '../src/db/schema/index.ts';

const BATCH = 250;

export async function seedDeals(db: Database, count: number, now: Date): Promise<void> {
  const wallet = () => bs58.encode(randomBytes(32));
  const common = {
    tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    tokenName: 'USDC',
    tokenDecimal: 6,
    offerSide: OfferSide.Sell,
    price: '0.92',
    fiatCode: 'EUR',
    paymentWindowMinutes: 60,
  };
  for (let done = 0; done < count; done += BATCH) {
    const pairs = Array.from({ length: Math.min(BATCH, count - done) }, () => ({ seller: wallet(), buyer: wallet() }));
    const offers = await db
      .insert(orders)
      .values(pairs.map(({ seller }) => ({ ...common, creatorWallet: seller, status: OrderStatus.Active, amount: '0', totalAmount: '50000000' })))
      .returning({ orderId: orders.orderId });
    const deals = await db
      .insert(orders)
      .values(
        pairs.map(({ seller, buyer }, k) => ({
          ...common,
          creatorWallet: seller,
          acceptorWallet: buyer,
          parentOrderId: offers[k]?.orderId ?? null,
          status: OrderStatus.CryptoGuyLockedCrypto,
          amount: String(1_000_000 * (done + k + 1)),
          totalAmount: String(1_000_000 * (done + k + 1)),
          fiatAmountCents: String(92 * (done + k + 1)),
          dealStartTime: now,
          paymentDeadline: new Date(now.getTime() + 60 * 60_000),
          lockedAt: now,
          lockSignature: bs58.encode(randomBytes(64)),
        })),
      )
      .returning({ orderId: orders.orderId, lockSignature: orders.lockSignature, creatorWallet: orders.creatorWallet });
    await db.insert(dealTransactions).values(
      deals.map((deal) => ({
        signature: deal.lockSignature ?? '',
        orderId: deal.orderId,
        kind: 'lock',
        submittedBy: deal.creatorWallet,
        state: 'confirmed',
        resultStatus: OrderStatus.CryptoGuyLockedCrypto,
        recentBlockhash: bs58.encode(randomBytes(32)),
        createdAt: now,
        updatedAt: now,
      })),
    );
    await db.insert(adminSpend).values(
      deals.map((deal) => ({
        signature: deal.lockSignature ?? '',
        wallet: deal.creatorWallet,
        ip: '203.0.113.7',
        kind: 'lock',
        orderId: deal.orderId,
        feeLamports: 5000n,
        priorityFeeLamports: BigInt(deal.orderId),
        rentLamports: 2_039_280n,
        failed: false,
        createdAt: now,
      })),
    );
    await db.insert(adminAuditLog).values(
      deals.map((deal) => ({
        id: randomUUID(),
        actor: 'server:backup-test',
        action: 'deal.note',
        orderId: deal.orderId,
        subject: String(deal.orderId),
        details: { seeded: true, n: deal.orderId },
        createdAt: now,
      })),
    );
    // Status moves, as the chain sync makes them: the triggers keep the traders' figures.
    const completed = deals.filter((_, k) => k % 2 === 0).map((deal) => deal.orderId);
    await db.update(orders).set({ status: OrderStatus.Completed, updatedAt: now }).where(inArray(orders.orderId, completed));
  }
}

/** Every table (ours and the migrations' journal), each row as JSON text, rows sorted. */
export async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(db, sql.raw(`SELECT row_to_json(t)::text AS row FROM ${name} t ORDER BY 1`));
    result[name] = rows.map(({ row }) => row);
  }
  return result;
}
