import '../../lib/solana/testing/useNodeTypedArrays.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUYER, DEAL_ID, keypairWallet, sellDeal } from '../../features/deal/testing/dealTestKit.tsx';
import { fakeApi, json } from '../../test/fakeApi.ts';
import { renderRoutes, signedInStorage } from '../../test/renderApp.tsx';
import { routes } from '../routes.tsx';

describe('app composition of the deal screens', () => {
  it('/swap-chat/{id} shows the deal header and the deal chat panel for a signed-in party', async () => {
    const buyer = BUYER.publicKey.toBase58();
    const api = fakeApi({
      [`GET /api/orders/${DEAL_ID}`]: () => json(200, sellDeal()),
      [`GET /api/chat/rooms/${DEAL_ID}/messages`]: () => json(200, []),
    });
    renderRoutes(routes, `/swap-chat/${DEAL_ID}`, { api, storage: signedInStorage(buyer), wallet: keypairWallet(BUYER) });
    expect(await screen.findByRole('group', { name: 'Deal actions' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /message/i })).toBeInTheDocument();
    expect(api.callsTo(`GET /api/chat/rooms/${DEAL_ID}/messages`).length).toBeGreaterThan(0);
  });

  it('/admin/orders/{id} embeds the deal chat for an admin', async () => {
    const admin = BUYER.publicKey.toBase58();
    const api = fakeApi({
      [`GET /api/chat/rooms/${DEAL_ID}/messages`]: () => json(200, []),
      [`GET /api/admin/orders/${DEAL_ID}`]: () =>
        json(200, {
          orderId: DEAL_ID,
          parentOrderId: 3,
          fiatCode: 'EUR',
          tokenName: 'USDC',
          tokenMint: sellDeal().tokenMint,
          tokenDecimal: 6,
          offerSide: 0,
          side: 'SELL',
          buyerWallet: sellDeal().acceptorWallet,
          sellerWallet: sellDeal().creatorWallet,
          amount: '40000000',
          price: '0.92',
          fiatAmountCents: '3680',
          status: 5,
          statusLabel: 'Admin Resolving',
          resolve: { toBuyer: { enabled: true }, toSeller: { enabled: true } },
          escrow: null,
          supportRequests: [],
          extensions: [],
        }),
    });
    renderRoutes(routes, `/admin/orders/${DEAL_ID}`, { api, storage: signedInStorage(admin, true) });
    expect(await screen.findByRole('button', { name: 'Send to Buyer' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /message/i })).toBeInTheDocument();
  });
});
