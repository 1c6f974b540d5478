// The dispute queue, the dossier and four-eyes resolution on a real localnet.
import { createHash } from 'node:crypto';
import {
  adminPaths,
  type AdminResolveOutcome,
  type AuditResponse,
  type DisputeDossier,
  type DisputeQueueResponse,
  type PlatformFigures,
  type ResolveApprovalDecisionResponse,
} from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, dealRow, getOrder, lockInstruction, offer, openUsdcAccount, submit, trader, usdcOf, userTransaction, type Trader } from '../../../test/helpers/deal-fixtures.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { sampleFiles } from '../../../test/helpers/sample-files.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { APPROVAL_DECIDED, APPROVAL_PENDING, OWN_REQUEST } from './resolve-dispute.ts';

const firstAdminWallet = createChainWallet();
const secondAdminWallet = createChainWallet();
let t: ChainTestApp;
let first: Session;
let second: Session;

beforeAll(async () => {
  t = await createChainTestApp({
    config: {
      adminWallets: new Set([firstAdminWallet.address, secondAdminWallet.address]),
      // deals over 5 USD need a second admin: 10 USDC at 0.92 EUR (≈ 10.14 USD) does, 1 USDC (≈ 1.01 USD) does not
      admin: { fourEyes: { amount: '5', currency: 'USD' }, disputeSlaHours: 24 },
    },
  });
  first = await session(t.app, firstAdminWallet);
  second = await session(t.app, secondAdminWallet);
});
afterAll(() => t.close());

async function disputedLockedDeal(amount: bigint): Promise<{ seller: Trader; buyer: Trader; dealId: number; lockSignature: string }> {
  const seller = await trader(t, { usdc: amount });
  const buyer = await trader(t);
  const offerId = await offer(t, seller, 0, amount);
  const dealId = await claim(t, buyer, offerId, amount);
  const deal = await getOrder(t.app, seller, dealId);
  const lock = await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
  const opened = await t.app.inject({
    method: 'POST', url: '/api/platform/call-tg-bot', headers: buyer.headers,
    payload: { dealId: String(dealId), buyerWallet: null, sellerWallet: null, orderUrl: `http://localhost:8080/swap-chat/${dealId}`, receiver: 'Admin', messageType: 'AdminNotification' },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { seller, buyer, dealId, lockSignature: lock.signature };
}

const get = async <T>(s: Session, url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: s.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const resolve = (s: Session, dealId: number, releaseTo: 'buyer' | 'seller', reason: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${dealId}/resolve`, headers: s.headers, payload: { releaseTo, reason } });
const decide = (s: Session, dealId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${adminPaths.approvals(dealId)}`, headers: s.headers, payload });

describe('the dispute queue and the dossier', () => {
  it('lists open disputes oldest first with the SLA clock, finds them by id, wallet or signature, and shows the whole case', async () => {
    const older = await disputedLockedDeal(1_000_000n);
    const openedAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const newer = await disputedLockedDeal(1_000_000n);
    const file = sampleFiles.png();
    const { payload, headers } = await multipartBody([
      { name: 'RoomId', value: String(older.dealId) },
      { name: 'UserId', value: older.buyer.wallet.address },
      { name: 'Bucket', value: '2' },
      { name: 'File', filename: 'proof.png', contentType: 'image/png', data: file },
    ]);
    expect((await t.app.inject({ method: 'POST', url: '/api/attachments/upload', headers: { ...headers, ...older.buyer.headers }, payload })).statusCode).toBe(201);

    const queue = await get<DisputeQueueResponse>(first, adminPaths.disputes);
    expect(queue.data.map((r) => r.orderId)).toEqual([older.dealId, newer.dealId]);
    expect(queue.data[0]).toMatchObject({
      status: OrderStatus.AdminResolving,
      openedAt,
      openedBy: older.buyer.wallet.address,
      slaDueAt: new Date(Date.parse(openedAt) + 24 * 3_600_000).toISOString(),
      buyerWallet: older.buyer.wallet.address,
      sellerWallet: older.seller.wallet.address,
      amount: '1000000',
      fiatCode: 'EUR',
      pendingApproval: null,
    });
    const find = async (q: string) => (await get<DisputeQueueResponse>(first, `${adminPaths.disputes}?q=${q}`)).data.map((r) => r.orderId);
    expect(await find(String(newer.dealId))).toEqual([newer.dealId]);
    expect(await find(older.seller.wallet.address)).toEqual([older.dealId]);
    expect(await find(newer.lockSignature)).toEqual([newer.dealId]);
    expect((await get<DisputeQueueResponse>(first, `${adminPaths.disputes}?fiat=usd`)).total).toBe(0);
    expect((await get<DisputeQueueResponse>(first, `${adminPaths.disputes}?token=usdc&Size=1&Page=2`)).data.map((r) => r.orderId)).toEqual([newer.dealId]);

    const dossier = await get<DisputeDossier>(first, adminPaths.dispute(older.dealId));
    expect(dossier).toMatchObject({ openedAt, header: { orderId: older.dealId, side: 'SELL' }, resolution: null, pendingApproval: null, fourEyes: { required: false, thresholdFiat: '5', thresholdCurrency: 'USD' } });
    expect(dossier.timeline.map((e) => e.kind)).toEqual(['created', 'locked', 'dispute_opened']);
    expect(dossier.timeline[1]).toMatchObject({ signature: older.lockSignature, txState: 'confirmed', actor: older.seller.wallet.address });
    const attachment = dossier.chat.find((m) => m.attachment !== null)?.attachment;
    expect(attachment).toMatchObject({ originalName: 'proof.png', contentType: 'image/png', sha256: createHash('sha256').update(file).digest('hex') });
    expect(dossier.buyer).toMatchObject({ wallet: older.buyer.wallet.address, earlierDisputes: [], activeBan: null, stats: { openDeals: 1 } });
    expect(dossier.paymentWindow.orderId).toBe(older.dealId);
    // the parties see the same SLA clock on the deal page
    expect((await getOrder(t.app, older.seller, older.dealId)).dispute).toEqual({ openedAt, slaDueAt: dossier.slaDueAt });

    // one admin resolves a small deal at once, with the reason both parties then read
    const done = await resolve(first, older.dealId, 'seller', 'The buyer showed no payment.');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<AdminResolveOutcome>()).toMatchObject({ state: 'executed', status: OrderStatus.AdminResolved, reason: 'The buyer showed no payment.' });
    for (const party of [older.buyer, older.seller]) {
      expect(await getOrder(t.app, party, older.dealId)).toMatchObject({ adminResolution: { releasedTo: 'seller', reason: 'The buyer showed no payment.' }, dispute: null });
    }
    expect((await get<DisputeQueueResponse>(first, adminPaths.disputes)).data.map((r) => r.orderId)).toEqual([newer.dealId]);
    const after = await get<DisputeDossier>(first, adminPaths.dispute(older.dealId));
    expect(after.resolution).toMatchObject({ releaseTo: 'seller', resolvedBy: firstAdminWallet.address, approvedBy: null, reason: 'The buyer showed no payment.' });
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'resolved', actor: firstAdminWallet.address, signature: after.resolution!.signature });
  });
});

describe('four-eyes resolution', () => {
  it('records the first admin’s request; only a different admin can approve it, and then it runs', async () => {
    const { seller, buyer, dealId } = await disputedLockedDeal(10_000_000n);
    await openUsdcAccount(t, buyer);
    const asked = await resolve(first, dealId, 'buyer', 'Bank statement shows the payment.');
    expect(asked.statusCode, asked.body).toBe(202);
    const pending = asked.json<AdminResolveOutcome>();
    if (pending.state !== 'pending_approval') throw new Error('expected a pending approval');
    expect(pending.approval).toMatchObject({ requestedBy: firstAdminWallet.address, releaseTo: 'buyer', state: 'pending' });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.AdminResolving);
    expect(errorOf(await resolve(second, dealId, 'seller', 'Another view of it.'))).toMatchObject({ status: 409, message: APPROVAL_PENDING });
    const queued = await get<DisputeQueueResponse>(first, `${adminPaths.disputes}?q=${dealId}`);
    expect(queued.data[0]!.pendingApproval).toMatchObject({ id: pending.approval.id });

    expect(errorOf(await decide(first, dealId, { approvalId: pending.approval.id, decision: 'approve' }))).toMatchObject({ status: 403, message: OWN_REQUEST });
    expect((await decide(second, dealId, { approvalId: pending.approval.id, decision: 'reject' })).statusCode).toBe(400);
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.AdminResolving);

    const approved = await decide(second, dealId, { approvalId: pending.approval.id, decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const result = approved.json<ResolveApprovalDecisionResponse>();
    expect(result).toMatchObject({ approval: { state: 'approved', decidedBy: secondAdminWallet.address }, resolution: { status: OrderStatus.AdminResolved, releaseTo: 'buyer' } });
    expect(await usdcOf(t, buyer.key)).toBeGreaterThan(0n);
    expect(await usdcOf(t, seller.key)).toBe(0n);
    expect(errorOf(await decide(first, dealId, { approvalId: pending.approval.id, decision: 'approve' })).status).toBe(403);
    expect(errorOf(await decide(second, dealId, { approvalId: pending.approval.id, decision: 'approve' }))).toMatchObject({ status: 409, message: APPROVAL_DECIDED });

    const dossier = await get<DisputeDossier>(first, adminPaths.dispute(dealId));
    expect(dossier.resolution).toMatchObject({ releaseTo: 'buyer', resolvedBy: firstAdminWallet.address, approvedBy: secondAdminWallet.address, reason: 'Bank statement shows the payment.' });
    const audit = await get<AuditResponse>(first, `${adminPaths.audit}?orderId=${dealId}`);
    expect(audit.data.map((e) => [e.action, e.actor]).reverse()).toEqual([
      ['resolve_requested', firstAdminWallet.address],
      ['resolve_to_buyer', secondAdminWallet.address],
      ['resolve_approved', secondAdminWallet.address],
    ]);
    const resolvedRow = audit.data.find((e) => e.action === 'resolve_to_buyer')!;
    expect(resolvedRow).toMatchObject({ reason: 'Bank statement shows the payment.', txSignature: result.resolution!.signature, before: { status: OrderStatus.AdminResolving }, after: { status: OrderStatus.AdminResolved } });
    expect(audit.data.find((e) => e.action === 'resolve_approved')!.txSignature).toBe(result.resolution!.signature);
  });

  it('lets the second admin reject with a reason; the deal stays open for a new request', async () => {
    const { dealId } = await disputedLockedDeal(10_000_000n);
    const pending = (await resolve(first, dealId, 'seller', 'Looks unpaid.')).json<AdminResolveOutcome>();
    if (pending.state !== 'pending_approval') throw new Error('expected a pending approval');
    const rejected = await decide(second, dealId, { approvalId: pending.approval.id, decision: 'reject', reason: 'The chat shows a receipt.' });
    expect(rejected.json<ResolveApprovalDecisionResponse>()).toMatchObject({ approval: { state: 'rejected', decisionReason: 'The chat shows a receipt.' }, resolution: null });
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.AdminResolving);
    expect((await resolve(second, dealId, 'buyer', 'Receipt checked with the bank.')).statusCode).toBe(202);

    const figures = await get<PlatformFigures>(first, adminPaths.platform);
    expect(figures.openDisputes).toBeGreaterThanOrEqual(2);
    expect(figures.feePayer).toMatchObject({ address: t.chain.admin.publicKey.toBase58() });
    expect(BigInt(figures.feePayer!.lamports)).toBeGreaterThan(0n);
    // the localnet generates a desk: its treasury is in the figures (the swap tests check each balance)
    expect(figures.desk).toMatchObject({ address: t.app.desk?.key.publicKey.toBase58() });
    expect(BigInt(figures.desk!.lamports)).toBeGreaterThan(0n);
    expect(figures.dealsToday).toBeGreaterThanOrEqual(4);
  });
});
