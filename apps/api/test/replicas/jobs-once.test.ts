// The background jobs run on all three replicas at once (every interval shortened to 1 s by the global setup); each
// job's work must be done exactly once: one close per escrow account, one refund per expired lock, one return of an
// expired claim's amount to its offer, one settlement per stale Processing swap, one Telegram message per outbox row.
import { OrderStatus, SwapStatus } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { useCluster } from '../cluster/cluster-test-app.ts';
import { lockDeal, payAndRelease } from '../cluster/deal-steps.ts';
import { until } from '../cluster/processes.ts';
import { balanceOf, quote, SOL, submit as submitSwap, swapper, USDT } from '../../src/modules/swap/testing.ts';
import { claim, offer, trader, usdcOf, type Trader } from '../helpers/deal-fixtures.ts';

const c = useCluster();
const JOB_WITHIN_MS = 60_000;
const SELLER_CHAT = 7001;

interface BotCall {
  method: string;
  payload: Record<string, unknown>;
}

async function botCalls(method: string): Promise<BotCall[]> {
  const response = await fetch(`${c.info.telegram.apiRoot}/__fake/calls`);
  return ((await response.json()) as BotCall[]).filter((call) => call.method === method);
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await c.db.query<{ n: string }>(sql, params);
  return Number(rows[0]?.n);
}

async function statusOf(orderId: number): Promise<number> {
  const { rows } = await c.db.query<{ status: number }>('SELECT status FROM orders WHERE order_id = $1', [orderId]);
  return Number(rows[0]?.status);
}

/** The wallet links a Telegram chat as a user does: a code from the API, then /start <code> posted to the webhook. */
async function linkTelegram(who: Trader, chatId: number): Promise<void> {
  const code = await c.lb.inject({ url: `/api/platform/telegram-code?wallet=${who.wallet.address}`, headers: who.headers });
  expect(code.statusCode).toBe(200);
  const sent = await fetch(`${c.info.telegram.apiRoot}/__fake/user-sends`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat: { id: chatId, first_name: 'Seller' }, text: `/start ${code.json<{ code: string }>().code}` }),
  });
  expect(sent.status).toBe(200);
  await until('telegram link', async () => ((await count('SELECT count(*) AS n FROM telegram_links WHERE chat_id = $1', [chatId])) === 1 ? true : undefined), JOB_WITHIN_MS);
}

describe('jobs on three replicas do their work exactly once', () => {
  let seller: Trader;

  it('rent reclamation closes a completed deal’s ticket once', async () => {
    const { t } = c;
    seller = await trader(t, { usdc: 100_000_000n });
    await linkTelegram(seller, SELLER_CHAT);
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 50_000_000n);
    const dealId = await claim(t, buyer, offerId, 10_000_000n);
    await lockDeal(t, seller, dealId);
    await payAndRelease(t, seller, buyer, dealId);

    const done = "SELECT count(*) AS n FROM rent_reclaims WHERE kind = 'ticket' AND order_id = $1 AND state = 'done'";
    await until('ticket reclaimed', async () => ((await count(done, [dealId])) === 1 ? true : undefined), JOB_WITHIN_MS, 250);
    expect(await count("SELECT count(*) AS n FROM admin_spend WHERE kind = 'close_ticket' AND order_id = $1", [dealId])).toBe(1);
    const { rows } = await c.db.query<{ signature: string; lamports: string }>(
      "SELECT signature, lamports_reclaimed AS lamports FROM rent_reclaims WHERE kind = 'ticket' AND order_id = $1",
      [dealId],
    );
    expect(rows[0]?.signature).toBeTruthy();
    expect(BigInt(rows[0]?.lamports ?? 0)).toBeGreaterThan(0n);
  });

  it('the payment window refunds an expired lock once and gives an expired claim’s amount back once', async () => {
    const { t } = c;
    const buyer = await trader(t);
    const before = await usdcOf(t, seller.key);
    const offerId = await offer(t, seller, 0, 30_000_000n);
    const locked = await claim(t, buyer, offerId, 10_000_000n);
    await lockDeal(t, seller, locked);
    expect(await usdcOf(t, seller.key)).toBe(before - 10_000_000n);
    const unlocked = await claim(t, buyer, offerId, 5_000_000n);
    // The replicas' clocks are wall time: the deadlines are moved into the past instead of waiting out the window.
    await c.db.query("UPDATE orders SET payment_deadline = now() - interval '1 second' WHERE order_id = ANY($1)", [[locked, unlocked]]);

    for (const dealId of [locked, unlocked]) {
      await until(`deal ${dealId} expired`, async () => ((await statusOf(dealId)) === OrderStatus.Expired ? true : undefined), JOB_WITHIN_MS, 250);
    }
    expect(await usdcOf(t, seller.key)).toBe(before);
    // A replica that lost the race may still hold a reservation for a moment: it finds the deal moved on and drops it
    // before anything is sent or charged. Once none is pending, exactly one resolution is recorded, and it landed.
    const resolutions = "SELECT count(*) AS n FROM deal_transactions WHERE order_id = $1 AND kind = 'admin_resolve'";
    const pending = `${resolutions} AND state = 'pending'`;
    await until('no resolution pending', async () => ((await count(pending, [locked])) === 0 ? true : undefined), JOB_WITHIN_MS, 100);
    expect(await count(resolutions, [locked])).toBe(1);
    expect(await count(`${resolutions} AND state = 'confirmed'`, [locked])).toBe(1);
    // The refund's audit row is written right after the deal's status moves.
    const audited = "SELECT count(*) AS n FROM admin_audit_log WHERE order_id = $1 AND action = 'refund_expired_lock'";
    await until('refund audited', async () => ((await count(audited, [locked])) > 0 ? true : undefined), JOB_WITHIN_MS, 250);
    expect(await count(audited, [locked])).toBe(1);
    // Both expired claims' amounts are back on the offer, each once: 30 − 10 − 5 + 10 + 5.
    const { rows } = await c.db.query<{ amount: string }>('SELECT amount FROM orders WHERE order_id = $1', [offerId]);
    expect(rows[0]?.amount).toBe('30000000');
  });

  it('the processing-swap sweep settles each stale Processing swap once', async () => {
    const { t } = c;
    const user = await swapper(t, { sol: 1_000_000_000n, usdt: 10_000_000n });
    const landed = [];
    for (let i = 0; i < 3; i++) landed.push((await submitSwap(t, user, await quote(t, user, USDT, SOL, 2_000_000n))).swap);
    const balances = async () => [await balanceOf(t, user.key, SOL), await balanceOf(t, user.key, USDT), await balanceOf(t, c.desk.publicKey, USDT)];
    const before = await balances();
    // Their requests "died" before they saw the chain: the records say Processing, untouched for longer than the
    // sweep's 90 s staleness (rewound here rather than waited out), as in the swap module's own sweep test.
    const ids = landed.map((s) => s.id);
    await c.db.query("UPDATE swaps SET status = $1, updated_at = now() - interval '10 minutes' WHERE id = ANY($2)", [SwapStatus.Processing, ids]);
    const open = 'SELECT count(*) AS n FROM swaps WHERE id = ANY($1) AND status <> $2';
    await until('swaps settled', async () => ((await count(open, [ids, SwapStatus.Completed])) === 0 ? true : undefined), JOB_WITHIN_MS, 250);
    expect(await balances()).toEqual(before);
    for (const swap of landed) {
      expect(await count('SELECT count(*) AS n FROM admin_spend WHERE signature = $1', [swap.txID])).toBe(1);
    }
  });

  it('the Telegram outbox sends each queued message once', async () => {
    const queued = 'SELECT count(*) AS n FROM telegram_outbox WHERE chat_id = $1';
    const open = 'SELECT count(*) AS n FROM telegram_outbox WHERE chat_id = $1 AND sent_at IS NULL AND failed_at IS NULL';
    expect(await count(queued, [SELLER_CHAT])).toBeGreaterThanOrEqual(4); // claims, payments, expiries of the tests above
    await until('outbox drained', async () => ((await count(open, [SELLER_CHAT])) === 0 ? true : undefined), JOB_WITHIN_MS, 250);
    const { rows } = await c.db.query<{ text: string }>('SELECT text FROM telegram_outbox WHERE chat_id = $1 AND sent_at IS NOT NULL', [SELLER_CHAT]);
    const sends = (await botCalls('sendMessage')).filter((call) => Number(call.payload.chat_id) === SELLER_CHAT);
    // Each sent row's text reached the chat as many times as it was queued (the link's welcome is a direct reply).
    const texts = new Map<string, number>();
    for (const row of rows) texts.set(row.text, (texts.get(row.text) ?? 0) + 1);
    // (The worker appends the deal's link to the text.)
    const sentAs = (call: BotCall, text: string) => call.payload.text === text || String(call.payload.text).startsWith(`${text}\n\n`);
    for (const [text, times] of texts) expect(sends.filter((call) => sentAs(call, text))).toHaveLength(times);
    expect(rows.length).toBe(await count(queued, [SELLER_CHAT]));
  });
});
