// The watchdog's invariant: every record past its deadline is in the admins' view and announced to them once; nothing
// that is not late is listed; a record that moves on leaves the list.
import { adminPaths, type OverdueResponse } from '@jelly/contracts';
import { OrderStatus, type WaitKind } from '@jelly/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { notifications, telegramOutbox } from '../../db/schema/index.ts';
import { session, type Session } from '../orders/testing.ts';
import { insertSwapRow } from '../swap/testing.ts';
import { runWatchdog, watchdogContextOf } from './index.ts';
import { finishSeededSend, moveSeededDeal, seedDeal, seedJellyEvent, seedJellyOrder, seedPayoutWait, seedPlatformSend, seedSupportRequest } from './testing.ts';

const MIN = 60_000;
const admins = [createWallet(), createWallet()];
let t: TestApp;
let admin: Session;
let user: Session;
let t0: Date;

/** A waiting record and how long after t0 it becomes late (written out here, not read from the table). */
interface Seeded {
  kind: WaitKind;
  ref: string;
  lateAfterMin: number;
}
const seeded: Seeded[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set(admins.map((w) => w.address)), admin: { fourEyes: null, disputeSlaHours: 24 } } });
  admin = await session(t.app, admins[0]!);
  user = await session(t.app, createWallet());
  t0 = t.clock.now();
  const db = t.app.db;
  const add = (kind: WaitKind, ref: string | number, lateAfterMin: number) => seeded.push({ kind, ref: String(ref), lateAfterMin });
  // Deals: Locked past its window (and one whose window ends an hour later), a dispute opened at t0.
  add('deal_locked', await seedDeal(db, { status: OrderStatus.CryptoGuyLockedCrypto, updatedAt: t0, paymentDeadline: t0 }), 10);
  add('deal_locked', await seedDeal(db, { status: OrderStatus.CryptoGuyLockedCrypto, updatedAt: t0, paymentDeadline: new Date(t0.getTime() + 60 * MIN) }), 70);
  const disputed = await seedDeal(db, { status: OrderStatus.AdminResolving, updatedAt: t0 });
  await seedSupportRequest(db, disputed, OrderStatus.CryptoGuyLockedCrypto, t0);
  add('deal_admin_resolving', disputed, 24 * 60);
  // Locked past its window, but its refund waits for the seller's token account: the seller's wait, not the job's.
  const waiting = await seedDeal(db, { status: OrderStatus.CryptoGuyLockedCrypto, updatedAt: t0, paymentDeadline: t0 });
  await seedPayoutWait(db, waiting, t0);
  add('deal_payout_waiting', waiting, 24 * 60);
  // Coin Jelly: every non-final stage.
  add('jelly_awaiting_deposit', await seedJellyOrder(db, 'awaiting_deposit', t0), 10);
  add('jelly_deposit_detected', await seedJellyOrder(db, 'deposit_detected', t0), 10);
  add('jelly_needs_choice', await seedJellyOrder(db, 'needs_choice', t0), 24 * 60);
  add('jelly_awaiting_admin', await seedJellyOrder(db, 'awaiting_admin', t0), 120);
  add('jelly_settling', await seedJellyOrder(db, 'settling', t0), 10);
  add('jelly_refunding', await seedJellyOrder(db, 'refunding', t0), 10);
  // A payout waiting for the recipient's token account: the user's wait (a day), not a late payout (10 minutes).
  add('jelly_waiting_account', await seedJellyOrder(db, 'deposit_detected', t0, t0, t0), 24 * 60);
  // A refund whose claim was released and taken again 8 minutes in: its clock still runs from the refund choice.
  const retried = await seedJellyOrder(db, 'refunding', new Date(t0.getTime() - 60 * MIN));
  await seedJellyEvent(db, retried, 'needs_choice', new Date(t0.getTime() - 60 * MIN));
  await seedJellyEvent(db, retried, 'refunding', t0);
  await seedJellyEvent(db, retried, 'refunding', new Date(t0.getTime() + 8 * MIN));
  add('jelly_refunding', retried, 10);
  // A swap in Processing, a platform send not final, a support case on a completed deal.
  add('swap_processing', await insertSwapRow(t, { wallet: user.wallet.address, inSymbol: 'USDC', outSymbol: 'SOL', status: 0, createdAt: t0 }), 5);
  add('platform_send', await seedPlatformSend(db, t0), 5);
  const completed = await seedDeal(db, { status: OrderStatus.Completed, updatedAt: t0 });
  add('support_case', await seedSupportRequest(db, completed, OrderStatus.Completed, t0), 24 * 60);

  // Never late: final records, a closed case, an order expiring later.
  await seedJellyOrder(db, 'completed', t0);
  await seedJellyOrder(db, 'awaiting_deposit', t0, new Date(t0.getTime() + 7 * 24 * 60 * MIN));
  await insertSwapRow(t, { wallet: user.wallet.address, inSymbol: 'USDC', outSymbol: 'SOL', status: 1, createdAt: t0 });
  await seedPlatformSend(db, t0, 'landed');
  await seedDeal(db, { status: OrderStatus.Completed, updatedAt: t0 });
  // a case an admin closed with a reason waits for nobody
  const answered = await seedDeal(db, { status: OrderStatus.Expired, updatedAt: t0 });
  await seedSupportRequest(db, answered, OrderStatus.Expired, t0, 'closed');
});
afterAll(() => t.close());

const key = (kind: string, ref: string) => `${kind} ${ref}`;
const lateAt = (minutes: number) => seeded.filter((s) => s.lateAfterMin < minutes).map((s) => key(s.kind, s.ref)).sort();

async function overdue(s: Session = admin): Promise<OverdueResponse> {
  const response = await t.app.inject({ method: 'GET', url: `/api${adminPaths.overdue}`, headers: s.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OverdueResponse>();
}
const listed = (view: OverdueResponse) => view.data.map((item) => key(item.kind, item.ref)).sort();

/** Overdue notifications per admin wallet and record (kind + ref). */
async function announcements(): Promise<Map<string, number>> {
  const rows = await t.app.db.select().from(notifications).where(eq(notifications.kind, 'overdue'));
  const counts = new Map<string, number>();
  for (const row of rows) {
    const k = `${row.wallet} ${key(String(row.data.waitKind), String(row.data.ref))}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}
const announcedOnce = (records: string[]) =>
  new Map(admins.flatMap((w) => records.map((r) => [`${w.address} ${r}`, 1] as const)));

const runTwice = async () => {
  const ctx = watchdogContextOf(t.app);
  await runWatchdog(ctx);
  await runWatchdog(ctx);
};

describe('the watchdog over waiting money', () => {
  it('lists nothing before any deadline, and only admins may look', async () => {
    t.clock.set(new Date(t0.getTime() + 4 * MIN));
    await runTwice();
    const view = await overdue();
    expect(view.data).toEqual([]);
    expect(view.total).toBe(0);
    expect(Object.values(view.counts).every((n) => n === 0)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api${adminPaths.overdue}`, headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api${adminPaths.overdue}` })).statusCode).toBe(401);
    expect(await announcements()).toEqual(new Map());
  });

  it('lists every record past its deadline before the job runs, and nothing else', async () => {
    t.clock.set(new Date(t0.getTime() + 11 * MIN));
    const view = await overdue();
    expect(listed(view)).toEqual(lateAt(11));
    expect(view.data.every((item) => item.notifiedAt === null)).toBe(true);
    const swap = view.data.find((item) => item.kind === 'swap_processing');
    expect(swap).toMatchObject({ owner: 'chain', since: t0.toISOString(), deadline: new Date(t0.getTime() + 5 * MIN).toISOString(), link: '/admin/swaps' });
    expect(view.data.find((item) => item.kind === 'deal_locked')).toMatchObject({ owner: 'server', label: expect.stringMatching(/^Deal #\d+$/) });
  });

  it('announces each late record once to every admin, however often it runs', async () => {
    await runTwice();
    expect(await announcements()).toEqual(announcedOnce(lateAt(11)));
    const view = await overdue();
    expect(view.data.every((item) => item.notifiedAt === t.clock.now().toISOString())).toBe(true);
    expect(view.counts).toMatchObject({ deal_locked: 1, jelly_settling: 1, swap_processing: 1, platform_send: 1, deal_admin_resolving: 0 });
    expect(view.total).toBe(lateAt(11).length);
  });

  it('adds records as their deadlines pass, announcing only the new ones', async () => {
    t.clock.set(new Date(t0.getTime() + 25 * 60 * MIN));
    admin = await session(t.app, admins[0]!); // a day later: a fresh access token
    await runTwice();
    expect(listed(await overdue())).toEqual(lateAt(25 * 60));
    expect(lateAt(25 * 60)).toHaveLength(seeded.length);
    expect(await announcements()).toEqual(announcedOnce(lateAt(25 * 60)));
  });

  it('drops a record that moved on; a record late again is announced afresh', async () => {
    const dispute = seeded.find((s) => s.kind === 'deal_admin_resolving')!;
    const send = seeded.find((s) => s.kind === 'platform_send')!;
    await moveSeededDeal(t.app.db, Number(dispute.ref), OrderStatus.AdminResolved, t.clock.now());
    await finishSeededSend(t.app.db, send.ref, 'landed', t.clock.now());
    const stillLate = lateAt(25 * 60).filter((k) => k !== key(dispute.kind, dispute.ref) && k !== key(send.kind, send.ref));
    expect(listed(await overdue())).toEqual(stillLate);
    await runTwice();
    expect(listed(await overdue())).toEqual(stillLate);
    expect(await announcements()).toEqual(announcedOnce(lateAt(25 * 60)));

    // The deal is disputed again (reopened by hand here): a new wait, announced once more.
    await moveSeededDeal(t.app.db, Number(dispute.ref), OrderStatus.AdminResolving, t.clock.now());
    await runTwice();
    const counts = await announcements();
    for (const w of admins) expect(counts.get(`${w.address} ${key(dispute.kind, dispute.ref)}`)).toBe(2);
  });

  it('posts to the Telegram admin chat once per record when one is set', async () => {
    const stage = await seedJellyOrder(t.app.db, 'settling', new Date(t.clock.now().getTime() - 11 * MIN));
    const ctx = { ...watchdogContextOf(t.app), telegramAdminChatId: 4242 };
    await runWatchdog(ctx);
    await runWatchdog(ctx);
    const posts = await t.app.db.select().from(telegramOutbox).where(and(eq(telegramOutbox.chatId, 4242), sql`${telegramOutbox.text} LIKE ${`%Coin Jelly order #${stage}%`}`));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ buttonUrl: '/admin/coin-jelly', text: expect.stringContaining('must act') });
  });
});
