// A ban bites at once: sessions, sockets, every user route, the market; the wallet sees why and until when.
import type { AddressInfo } from 'node:net';
import {
  adminPaths,
  realtimeCloseCodes,
  type AdminUser,
  type AuditResponse,
  type BanResponse,
  type MarketResponse,
  type UnbanResponse,
} from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAuth, requestNonce, signIn, refreshCookieOf } from '../../../test/helpers/sign-in.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet, type TestWallet } from '../../../test/helpers/wallet.ts';
import { dealReviewFlags, notifications, orders } from '../../db/schema/index.ts';
import { RealtimeTestClient } from '../../realtime/testing/realtime-client.ts';
import { buyOfferBody, createOrder, errorOf, session, type Session } from '../orders/testing.ts';
import { BAN_IN_PAST, NO_ACTIVE_BAN } from './ban-wallet.ts';

const adminWallet = createWallet();
let t: TestApp;
let admin: Session;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ config: { adminWallets: new Set([adminWallet.address]) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await session(t.app, adminWallet);
});
afterAll(() => t.close());

const ban = (payload: object) => t.app.inject({ method: 'POST', url: `/api${adminPaths.ban}`, headers: admin.headers, payload });
const unban = (wallet: string) => t.app.inject({ method: 'DELETE', url: `/api${adminPaths.unban(wallet)}`, headers: admin.headers });
const market = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/platform/all-new-offers-unath?Size=100' })).json<MarketResponse>().data.map((o) => o.orderId);

/** A running deal on someone else's offer, written directly (its on-chain side plays no part in a ban). */
async function dealWith(wallet: string): Promise<number> {
  const common = { tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', tokenName: 'USDC', tokenDecimal: 6, offerSide: 1, price: '0.92', fiatCode: 'EUR', paymentWindowMinutes: 30 };
  const maker = createWallet().address;
  const [offer] = await t.app.db.insert(orders).values({ ...common, creatorWallet: maker, status: OrderStatus.Active, amount: '0', totalAmount: '5000000' }).returning();
  const [deal] = await t.app.db
    .insert(orders)
    .values({ ...common, creatorWallet: maker, acceptorWallet: wallet, parentOrderId: offer!.orderId, status: OrderStatus.InProgress, amount: '5000000', totalAmount: '5000000', fiatAmountCents: '460' })
    .returning();
  return deal!.orderId;
}

async function signInAnswer(wallet: TestWallet) {
  const nonce = await requestNonce(t.app, wallet.address);
  return postAuth(t.app, { wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) });
}

describe('POST /admin/ban', () => {
  it('cuts the wallet off at once: every user route, its refresh token, its open socket; offers leave the market; deals are flagged', async () => {
    const wallet = createWallet();
    const { body, response } = await signIn(t.app, wallet);
    const scammer: Session = { wallet, token: body.accessToken, headers: { authorization: `Bearer ${body.accessToken}` } };
    const offerId = await createOrder(t.app, scammer, buyOfferBody());
    const dealId = await dealWith(wallet.address);
    expect(await market()).toContain(offerId);
    const socket = await RealtimeTestClient.connect(baseUrl, { token: body.accessToken });

    const until = new Date(t.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000).toISOString();
    const banned = await ban({ wallet: wallet.address, reason: 'Fake payment proofs', until });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json<BanResponse>()).toMatchObject({
      ban: { wallet: wallet.address, reason: 'Fake payment proofs', until, createdBy: adminWallet.address, active: true, liftedAt: null },
      effects: { sessionsRevoked: 1, offersHidden: 1, dealsFlagged: 1 },
    });

    expect(await socket.closed).toEqual({ code: realtimeCloseCodes.banned, reason: 'Wallet banned: Fake payment proofs' });
    const userRoutes = [
      { method: 'GET', url: '/api/auth/me' },
      { method: 'GET', url: '/api/Notification' },
      { method: 'GET', url: '/api/platform/all-new-offers' },
      { method: 'GET', url: `/api/orders/${dealId}` },
      { method: 'POST', url: '/api/orders/create-order', payload: buyOfferBody() },
      { method: 'PUT', url: `/api/orders/update-offers?orderId=${offerId}&orderStatus=4` },
      { method: 'POST', url: '/api/chat/add-messages', payload: { dealId, accountId: wallet.address, content: 'hi', createdAtUtc: t.clock.now().toISOString() } },
      { method: 'GET', url: `/api/chat/rooms/${dealId}/messages` },
      { method: 'POST', url: '/api/rating', payload: { toWallet: adminWallet.address, score: 0, comment: 'x', dealId: null } },
      { method: 'GET', url: `/api/platform/all-user-offers/${wallet.address}` },
    ] as const;
    for (const route of userRoutes) {
      const answer = await t.app.inject({ method: route.method, url: route.url, headers: scammer.headers, ...('payload' in route ? { payload: route.payload } : {}) });
      expect(errorOf(answer), route.url).toMatchObject({ status: 403, code: 'WALLET_BANNED' });
      expect(answer.json<{ error: { details: unknown } }>().error.details).toEqual({ reason: 'Fake payment proofs', until });
    }
    const cookie = refreshCookieOf(response);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [cookie.name]: cookie.value } });
    expect(refreshed.statusCode).toBeGreaterThanOrEqual(401);
    expect(refreshed.statusCode).toBeLessThan(404);

    // sign-in names the reason and the end of the ban
    const again = await signInAnswer(wallet);
    expect(errorOf(again)).toMatchObject({ status: 403, code: 'WALLET_BANNED' });
    expect(errorOf(again).message).toContain('Fake payment proofs');
    expect(again.json<{ error: { details: unknown } }>().error.details).toEqual({ reason: 'Fake payment proofs', until });

    expect(await market()).not.toContain(offerId);
    const [offerRow] = await t.app.db.select().from(orders).where(eq(orders.orderId, offerId));
    expect(offerRow!.status).toBe(OrderStatus.Cancelled);
    const [dealRow] = await t.app.db.select().from(orders).where(eq(orders.orderId, dealId));
    expect(dealRow!.status).toBe(OrderStatus.InProgress); // flagged, never moved
    expect(await t.app.db.select().from(dealReviewFlags).where(eq(dealReviewFlags.orderId, dealId))).toEqual([
      expect.objectContaining({ reason: 'A party was banned: Fake payment proofs', flaggedBy: adminWallet.address }),
    ]);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.wallet, wallet.address));
    expect(told).toEqual([expect.objectContaining({ kind: 'wallet_banned', message: `Your wallet is banned until ${until.slice(0, 16).replace('T', ' ')} UTC. Reason: Fake payment proofs` })]);
    // One text: the notifications module's (notifyWalletBanned), not a second one written by the ban.
  });

  it('defaults to 24 hours, refuses a past end, and unban lifts it at once (audited both ways)', async () => {
    const wallet = createWallet();
    const now = t.clock.now().getTime();
    expect(errorOf(await ban({ wallet: wallet.address, reason: 'Spam', until: new Date(now - 1000).toISOString() }))).toMatchObject({ status: 400, message: BAN_IN_PAST });
    const first = (await ban({ wallet: wallet.address, reason: 'Spam' })).json<BanResponse>();
    expect(first.ban.until).toBe(new Date(now + 24 * 60 * 60 * 1000).toISOString());
    expect((await signInAnswer(wallet)).statusCode).toBe(403);

    const lifted = await unban(wallet.address);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<UnbanResponse>().lifted).toEqual([expect.objectContaining({ id: first.ban.id, active: false, liftedBy: adminWallet.address })]);
    expect((await signInAnswer(wallet)).statusCode).toBe(200);
    expect(errorOf(await unban(wallet.address))).toMatchObject({ status: 404, message: NO_ACTIVE_BAN });

    const lookup = (await t.app.inject({ method: 'GET', url: `/api${adminPaths.user(wallet.address)}`, headers: admin.headers })).json<AdminUser>();
    expect(lookup).toMatchObject({ wallet: wallet.address, activeBan: null, telegramLinked: false, isAdmin: false });
    expect(lookup.bans).toEqual([expect.objectContaining({ id: first.ban.id, reason: 'Spam', active: false })]);

    const audit = (await t.app.inject({ method: 'GET', url: `/api${adminPaths.audit}?subject=${wallet.address}`, headers: admin.headers })).json<AuditResponse>();
    expect(audit.data.map((e) => [e.action, e.actor, e.reason])).toEqual([
      ['unban', adminWallet.address, null],
      ['ban', adminWallet.address, 'Spam'],
    ]);
    expect(audit.data[1]!.before).toBeNull();
    expect(audit.data[1]!.after).toMatchObject({ wallet: wallet.address, reason: 'Spam', active: true });
    expect(audit.data[0]!.before).toEqual([expect.objectContaining({ active: true })]);
    expect(audit.data[0]!.after).toEqual([expect.objectContaining({ active: false, liftedBy: adminWallet.address })]);
  });
});

describe('GET /admin/users/{wallet}', () => {
  it('shows stats, offers, reports against the wallet, blocks both ways and bans', async () => {
    const wallet = createWallet();
    const s = await session(t.app, wallet);
    const offerId = await createOrder(t.app, s, buyOfferBody());
    const reporter = await session(t.app, createWallet());
    await t.app.inject({ method: 'POST', url: '/api/rating', headers: reporter.headers, payload: { toWallet: wallet.address, score: 0, comment: 'Asked to pay outside', dealId: null } });
    await t.app.inject({ method: 'POST', url: '/api/user-bans/ban', headers: reporter.headers, payload: { bannedWallet: wallet.address, reason: 'rude' } });
    const response = await t.app.inject({ method: 'GET', url: `/api${adminPaths.user(wallet.address)}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<AdminUser>();
    expect(user.offers.map((o) => o.orderId)).toEqual([offerId]);
    expect(user.deals).toEqual([]);
    expect(user.reportsAgainst).toEqual([expect.objectContaining({ fromWallet: reporter.wallet.address, comment: 'Asked to pay outside' })]);
    expect(user.blockedBy).toEqual([expect.objectContaining({ wallet: reporter.wallet.address, reason: 'rude' })]);
    expect(user.blocking).toEqual([]);
    expect(user.stats).toMatchObject({ wallet: wallet.address, activeOffers: 1 });
    expect(user.createdAt).not.toBeNull();
  });
});
