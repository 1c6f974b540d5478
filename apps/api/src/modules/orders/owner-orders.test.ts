import type { UserOffersResponse, UserOrderRow } from '@jelly/contracts';
import { OrderStatus, START_DATE_AFTER_END } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { SOL_MINT, USDC_MINT, USDT_MINT, errorOf, session, type Session } from './testing.ts';

const S = OrderStatus;
const TOKENS = { USDC: USDC_MINT, USDT: USDT_MINT, SOL: SOL_MINT } as const;
/** Day n of the seeded history (UTC noon): every row is created on its own day. */
const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12));

interface Seed {
  creator: string;
  acceptor?: string;
  parent?: number;
  side: 0 | 1;
  status: OrderStatus;
  token: keyof typeof TOKENS;
  fiat: string;
  created: Date;
  amount?: string;
  total?: string;
  filled?: string;
}

describe('GET /platform/all-user-offers/{wallet} — the owner order list', () => {
  let t: TestApp;
  const adminWallet = createWallet();
  let lister: Session;
  let other: Session;
  let stranger: Session;
  let admin: Session;
  let third: string;
  type Row = 'active' | 'filled' | 'cancelled' | 'foreign' | 'd1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6' | 'd7' | 'd8';
  const id = {} as Record<Row, number>;

  const insert = async (s: Seed): Promise<number> => {
    const isDeal = s.parent !== undefined;
    const [row] = await t.app.db
      .insert(orders)
      .values({
        parentOrderId: s.parent ?? null,
        creatorWallet: s.creator,
        acceptorWallet: s.acceptor ?? null,
        tokenMint: TOKENS[s.token],
        tokenName: s.token,
        tokenDecimal: s.token === 'SOL' ? 9 : 6,
        offerSide: s.side,
        status: s.status,
        price: '1',
        amount: s.amount ?? '10000000',
        totalAmount: s.total ?? s.amount ?? '10000000',
        filledQuantity: s.filled ?? '0',
        fiatCode: s.fiat,
        fiatAmountCents: isDeal ? '1000' : null,
        paymentWindowMinutes: 30,
        dealStartTime: isDeal ? s.created : null,
        paymentDeadline: isDeal ? new Date(s.created.getTime() + 30 * 60_000) : null,
        ticketId: 1,
        createdAt: s.created,
        updatedAt: s.created,
      })
      .returning({ orderId: orders.orderId });
    return row!.orderId;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
    lister = await session(t.app, createWallet());
    other = await session(t.app, createWallet());
    stranger = await session(t.app, createWallet());
    admin = await session(t.app, adminWallet);
    const L = lister.wallet.address;
    const A = other.wallet.address;
    const B = createWallet().address;
    third = B;
    // The lister's ad history: an active Buy offer, a filled Sell offer, a cancelled offer.
    id.active = await insert({ creator: L, side: 1, status: S.Active, token: 'USDC', fiat: 'EUR', created: day(1), amount: '50000000', total: '100000000', filled: '30000000' });
    id.filled = await insert({ creator: L, side: 0, status: S.Active, token: 'USDT', fiat: 'USD', created: day(2), amount: '0', total: '40000000', filled: '40000000' });
    id.cancelled = await insert({ creator: L, side: 1, status: S.Cancelled, token: 'USDC', fiat: 'GBP', created: day(3) });
    // Deals on the lister's offers (the lister is the creator), then on another trader's Buy offer (the lister claimed).
    const onOffer = (parent: number, acceptor: string, status: OrderStatus, n: number, side: 0 | 1, token: keyof typeof TOKENS, fiat: string) =>
      insert({ creator: L, acceptor, parent, side, status, token, fiat, created: day(n) });
    id.d1 = await onOffer(id.active, A, S.InProgress, 4, 1, 'USDC', 'EUR');
    id.d2 = await onOffer(id.active, A, S.CryptoGuyLockedCrypto, 5, 1, 'USDC', 'EUR');
    id.d3 = await onOffer(id.filled, B, S.Completed, 6, 0, 'USDT', 'USD');
    id.d4 = await onOffer(id.filled, B, S.AdminResolved, 7, 0, 'USDT', 'USD');
    id.foreign = await insert({ creator: A, side: 1, status: S.Active, token: 'SOL', fiat: 'EUR', created: day(1) });
    const claimed = (status: OrderStatus, n: number) =>
      insert({ creator: A, acceptor: L, parent: id.foreign, side: 1, status, token: 'SOL', fiat: 'EUR', created: day(n) });
    id.d5 = await claimed(S.Cancelled, 8);
    id.d6 = await claimed(S.Expired, 9);
    id.d7 = await claimed(S.SignedByOneParty, 10);
    id.d8 = await claimed(S.AdminResolving, 11);
    // Not the lister's: another pair's deal.
    await insert({ creator: A, acceptor: B, parent: id.foreign, side: 1, status: S.InProgress, token: 'SOL', fiat: 'EUR', created: day(12) });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string, as: Session = lister, wallet = lister.wallet.address) =>
    t.app.inject({ method: 'GET', url: `/api/platform/all-user-offers/${wallet}${query}`, headers: as.headers });
  const list = async (query: string, as: Session = lister) => {
    const response = await get(query, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserOffersResponse>();
  };
  const ids = async (query: string) => (await list(query)).orders.map((o) => o.orderId);
  const row = (body: UserOffersResponse, orderId: number): UserOrderRow => body.orders.find((o) => o.orderId === orderId)!;

  it('lists offers and deals in either role, newest first, 8 a page, with the whole history for the dropdowns', async () => {
    const first = await list('');
    expect(first.orders.map((o) => o.orderId)).toEqual([id.d8, id.d7, id.d6, id.d5, id.d4, id.d3, id.d2, id.d1]);
    expect(first).toMatchObject({ total: 11, totalCount: 11, page: 1, size: 8 });
    expect(first.fiatCodes).toEqual(['EUR', 'GBP', 'USD']);
    expect(first.tokenNames).toEqual(['SOL', 'USDC', 'USDT']);
    expect(await ids('?Page=2')).toEqual([id.cancelled, id.filled, id.active]);
    expect(await ids('?Dir=0&Size=3')).toEqual([id.active, id.filled, id.cancelled]);
    // The dropdowns do not shrink with the filters.
    const narrowed = await list('?Kind=offers&FiatCode=GBP');
    expect(narrowed.orders.map((o) => o.orderId)).toEqual([id.cancelled]);
    expect(narrowed.fiatCodes).toEqual(['EUR', 'GBP', 'USD']);
    expect(narrowed.tokenNames).toEqual(['SOL', 'USDC', 'USDT']);
  });

  it('clamps Page and Size (1..50) and pages with them', async () => {
    expect(await list('?Size=1000')).toMatchObject({ size: 50, total: 11 });
    expect((await list('?Size=1000')).orders).toHaveLength(11);
    expect(await list('?Size=0&Page=0')).toMatchObject({ size: 1, page: 1 });
    expect(await ids('?Size=3&Page=2')).toEqual([id.d5, id.d4, id.d3]);
    expect(await ids('?Size=3&Page=5')).toEqual([]);
  });

  it.each([
    ['processing', () => [id.d8, id.d7, id.d2, id.d1]],
    ['completed', () => [id.d4, id.d3]],
    ['cancelled', () => [id.d6, id.d5]],
  ] as const)('StatusGroup=%s lists exactly its deals', async (group, expected) => {
    expect(await ids(`?StatusGroup=${group}`)).toEqual(expected());
  });

  it('loses no deal between the tabs: the three groups together are all the deals', async () => {
    const deals = await ids('?Kind=deals&Size=50');
    expect(deals).toEqual([id.d8, id.d7, id.d6, id.d5, id.d4, id.d3, id.d2, id.d1]);
    const grouped = (await Promise.all(['processing', 'completed', 'cancelled'].map((g) => ids(`?Kind=deals&StatusGroup=${g}&Size=50`)))).flat();
    expect([...grouped].sort((a, b) => a - b)).toEqual([...deals].sort((a, b) => a - b));
  });

  it('filters by Status, TokenMint, FiatCode, Side and the created date range', async () => {
    expect(await ids(`?Status=${S.CryptoGuyLockedCrypto}`)).toEqual([id.d2]);
    expect(await ids(`?TokenMint=${SOL_MINT}`)).toEqual([id.d8, id.d7, id.d6, id.d5]);
    expect(await ids('?FiatCode=usd')).toEqual([id.d4, id.d3, id.filled]);
    expect(await ids('?Side=0')).toEqual([id.d4, id.d3, id.filled]);
    expect(await ids('?From=2026-03-04&To=2026-03-05')).toEqual([id.d2, id.d1]);
    // A date-time To is inclusive to the instant: noon of day 5 is in, so is nothing later.
    expect(await ids('?From=2026-03-05&To=2026-03-05T12:00:00.000Z')).toEqual([id.d2]);
    expect(await ids('?From=2026-03-05T12:00:01Z&To=2026-03-06')).toEqual([id.d3]);
    expect(await ids('?Kind=deals&StatusGroup=processing&TokenMint=' + SOL_MINT + '&Side=1')).toEqual([id.d8, id.d7]);
  });

  it('filters by TokenName whatever the mint: a deal of an earlier mint list still matches its token', async () => {
    expect(await ids('?TokenName=SOL')).toEqual(await ids(`?TokenMint=${SOL_MINT}`));
    const earlierUsdt = createWallet().address;
    await t.app.db.update(orders).set({ tokenMint: earlierUsdt }).where(eq(orders.orderId, id.d3));
    try {
      expect(await ids('?TokenName=USDT')).toEqual([id.d4, id.d3, id.filled]);
      expect(await ids(`?TokenMint=${USDT_MINT}`)).toEqual([id.d4, id.filled]);
    } finally {
      await t.app.db.update(orders).set({ tokenMint: USDT_MINT }).where(eq(orders.orderId, id.d3));
    }
  });

  it('Kind=offers is the ad history with its state, amounts and deal counts; OfferStatus narrows it', async () => {
    const offers = await list('?Kind=offers');
    expect(offers.orders.map((o) => o.orderId)).toEqual([id.cancelled, id.filled, id.active]);
    expect(row(offers, id.active)).toMatchObject({
      kind: 'offer',
      role: 'buyer',
      counterpartyWallet: null,
      offerStatus: 'active',
      dealsCount: 2,
      amount: '50000000',
      filledQuantity: '30000000',
      totalAmount: '100000000',
    });
    expect(row(offers, id.filled)).toMatchObject({ offerStatus: 'filled', dealsCount: 2, role: 'seller', amount: '0' });
    expect(row(offers, id.cancelled)).toMatchObject({ offerStatus: 'cancelled', dealsCount: 0 });
    expect(await ids('?Kind=offers&OfferStatus=active')).toEqual([id.active]);
    expect(await ids('?Kind=offers&OfferStatus=filled')).toEqual([id.filled]);
    expect(await ids('?Kind=offers&OfferStatus=cancelled')).toEqual([id.cancelled]);
    expect(errorOf(await get('?OfferStatus=active'))).toMatchObject({ status: 400, message: ORDER_MESSAGES.offerStatusNeedsOffers });
    expect(errorOf(await get('?Kind=deals&OfferStatus=active')).status).toBe(400);
  });

  it('Kind=deals rows show the wallet’s role, the counterparty, the status and the payment deadline', async () => {
    const deals = await list('?Kind=deals&Size=50');
    expect(deals.total).toBe(8);
    expect(row(deals, id.d1)).toMatchObject({
      kind: 'deal',
      role: 'buyer',
      counterpartyWallet: other.wallet.address,
      status: S.InProgress,
      paymentDeadline: new Date(day(4).getTime() + 30 * 60_000).toISOString(),
      offerStatus: null,
      dealsCount: null,
    });
    expect(row(deals, id.d3)).toMatchObject({ role: 'seller', counterpartyWallet: third, status: S.Completed });
    // On another trader's Buy offer the lister claimed: it is the crypto side, the seller.
    expect(row(deals, id.d5)).toMatchObject({ role: 'seller', counterpartyWallet: other.wallet.address, status: S.Cancelled });
  });

  it('Role filters by the wallet’s side of each row, whichever side the offer was', async () => {
    // d1, d2: the lister's own Buy offer (it pays); d3, d4: its Sell offer; d5–d8: it claimed a Buy offer, so it sells.
    expect(await ids('?Kind=deals&Role=buyer')).toEqual([id.d2, id.d1]);
    expect(await ids('?Kind=deals&Role=seller&Size=50')).toEqual([id.d8, id.d7, id.d6, id.d5, id.d4, id.d3]);
    expect(await ids('?Kind=offers&Role=buyer')).toEqual([id.cancelled, id.active]);
    expect(await ids('?Kind=offers&Role=seller')).toEqual([id.filled]);
    const buyerRows = await list('?Role=buyer&Size=50');
    expect(buyerRows.orders.every((o) => o.role === 'buyer')).toBe(true);
    expect(buyerRows.total).toBe(4);
  });

  it('refuses a start after the end and unreadable values with 400', async () => {
    expect(errorOf(await get('?From=2026-03-06&To=2026-03-05'))).toMatchObject({ status: 400, message: START_DATE_AFTER_END });
    expect(errorOf(await get('?From=2026-03-05T12:00:01Z&To=2026-03-05T12:00:00Z'))).toMatchObject({ status: 400, message: START_DATE_AFTER_END });
    for (const bad of ['?StatusGroup=open', '?Kind=trades', '?Dir=2', '?Side=2', '?Role=maker', '?Status=9', '?Page=x', '?From=2026-02-30', '?To=soon']) {
      expect(errorOf(await get(bad)).status, bad).toBe(400);
    }
  });

  it('shows a wallet’s list to itself and to admins only (403 for anyone else, 401 signed out)', async () => {
    expect(errorOf(await get('', stranger))).toMatchObject({ status: 403, message: ORDER_MESSAGES.userOrdersForbidden });
    const asAdmin = await list('?Kind=deals&Size=50', admin);
    expect(asAdmin.total).toBe(8);
    // Roles stay those of the listed wallet, not of the admin looking.
    expect(row(asAdmin, id.d1)).toMatchObject({ role: 'buyer', counterpartyWallet: other.wallet.address });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/platform/all-user-offers/${lister.wallet.address}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
