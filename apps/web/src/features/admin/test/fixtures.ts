import type { AdminOrderResponse, DisputeDossier, DossierParty, Order, ResolveApproval } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { WALLET_A, WALLET_B } from '../../../test/fakeApi.ts';

export const OPENED_AT = '2026-11-21T10:00:00.000Z';

export function adminHeader(overrides: Partial<AdminOrderResponse> = {}): AdminOrderResponse {
  return {
    orderId: 42,
    parentOrderId: 3,
    fiatCode: 'EUR',
    tokenName: 'USDC',
    tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    tokenDecimal: 6,
    offerSide: 0,
    side: 'SELL',
    buyerWallet: WALLET_B,
    sellerWallet: WALLET_A,
    amount: '40000000',
    price: '0.92',
    fiatAmountCents: '3680',
    status: OrderStatus.AdminResolving,
    statusLabel: 'Admin Resolving',
    resolve: { toBuyer: { enabled: true }, toSeller: { enabled: true } },
    escrow: { ticketAddress: 'T1cket', status: 'Locked', amount: '40000000', cryptoGuySigned: false, fiatGuySigned: true },
    supportRequests: [{ id: 's1', requesterWallet: WALLET_B, orderUrl: 'http://x/swap-chat/42', createdAt: OPENED_AT }],
    extensions: [],
    ...overrides,
  };
}

export function dealOrder(): Order {
  return {
    orderId: 42,
    parentOrderId: 3,
    creatorWallet: WALLET_A,
    acceptorWallet: WALLET_B,
    tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    tokenName: 'USDC',
    tokenDecimal: 6,
    amount: '40000000',
    filledQuantity: '0',
    totalAmount: '40000000',
    price: '0.92',
    priceType: 'fixed',
    premiumPercent: null,
    minFiatAmount: '10',
    maxFiatAmount: '100',
    fiatCode: 'EUR',
    fiatAmountCents: '3680',
    offerSide: 0,
    status: OrderStatus.AdminResolving,
    paymentMethods: [{ id: 'sepa', name: 'SEPA' }],
    paymentWindowMinutes: 30,
    visibleInCountries: [],
    autoReply: '',
    orderDescription: '',
    tags: [],
    minAccountAgeDays: 0,
    dealStartTime: '2026-11-21T09:00:00.000Z',
    paymentDeadline: '2026-11-21T09:30:00.000Z',
    ticketId: 42,
    lockedAt: '2026-11-21T09:01:00.000Z',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: OPENED_AT,
  };
}

export function party(wallet: string, overrides: Partial<DossierParty> = {}): DossierParty {
  return {
    wallet,
    summary: { trades: 10, completedTrades: 9, completionRate: 90 },
    stats: {
      wallet,
      completedDeals: 9,
      finishedDeals: 10,
      cancelledDeals: 1,
      completionRate: 90,
      openDeals: 1,
      buyDeals: 4,
      sellDeals: 5,
      volume: [],
      avgReleaseSeconds: null,
      activeOffers: 0,
      accountCreatedAt: '2026-01-01T00:00:00.000Z',
      completedDeals30d: 3,
      completionRate30d: 100,
      avgPaymentSeconds: null,
      positiveFeedbackPercent: null,
      reviewsCount: 0,
      ratingAverage: null,
      firstTradeAt: '2026-01-02T00:00:00.000Z',
    },
    earlierDisputes: [],
    activeBan: null,
    ...overrides,
  };
}

export function approval(requestedBy: string, overrides: Partial<ResolveApproval> = {}): ResolveApproval {
  return {
    id: '7f0c4b8e-1f7e-4a53-9d55-2f1f5d0e8a11',
    orderId: 42,
    releaseTo: 'seller',
    reason: 'No payment arrived.',
    requestedBy,
    requestedAt: '2026-11-21T11:00:00.000Z',
    state: 'pending',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

export function dossier(overrides: Partial<DisputeDossier> = {}): DisputeDossier {
  return {
    header: adminHeader(),
    deal: dealOrder(),
    openedAt: OPENED_AT,
    slaDueAt: '2026-11-22T10:00:00.000Z',
    timeline: [
      { at: '2026-11-21T09:00:00.000Z', kind: 'created', actor: WALLET_B, label: 'Buyer opened the deal', signature: null, txState: null },
      { at: '2026-11-21T09:01:00.000Z', kind: 'locked', actor: WALLET_A, label: 'Seller locked 40 USDC', signature: 'LockSig1111111111111111111111111111111111111111', txState: 'confirmed' },
      { at: OPENED_AT, kind: 'dispute_opened', actor: WALLET_B, label: 'Buyer asked for support', signature: null, txState: null },
    ],
    chat: [
      {
        message: { id: 1, dealId: 42, accountId: WALLET_B, content: 'I paid, here is the receipt', createdAtUtc: '2026-11-21T09:10:00.000Z', clientCreatedAtUtc: null, fileUrl: '/api/attachments/download/attachments/r.png' },
        attachment: { objectKey: 'r.png', originalName: 'receipt.png', contentType: 'image/png', sizeBytes: 20480, sha256: 'a'.repeat(64) },
      },
    ],
    buyer: party(WALLET_B, { earlierDisputes: [{ orderId: 7, status: OrderStatus.AdminResolved, openedAt: '2026-10-01T10:00:00.000Z', role: 'buyer', resolvedTo: 'seller' }] }),
    seller: party(WALLET_A),
    paymentWindow: { orderId: 42, paymentDeadline: '2026-11-21T09:30:00.000Z', extensions: [] },
    reviewFlag: null,
    fourEyes: { required: false, thresholdFiat: '1000', thresholdCurrency: 'USD' },
    pendingApproval: null,
    resolution: null,
    supportCase: null,
    ...overrides,
  };
}
