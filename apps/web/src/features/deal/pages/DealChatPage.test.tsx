import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { associatedTokenAddress, INSTRUCTION_DISCRIMINATORS } from '@jelly/escrow';
import {
  CONNECT_WALLET_TO_LOCK,
  FAILED_TO_SUBMIT_FOR_COSIGN,
  NEED_SOL_FOR_FEES,
  OfferSide,
  OrderStatus,
  PROCESSING,
  WALLET_NOT_READY,
} from '@jelly/domain';
import { Keypair, Transaction } from '@solana/web3.js';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyOrderStatus } from '../../../lib/realtime/cacheUpdates.ts';
import { realtimeStatusChanged } from '../../../lib/realtime/realtimeSlice.ts';
import { apiError, fakeApi, json, type RecordedCall } from '../../../test/fakeApi.ts';
import {
  ADMIN,
  BUYER,
  DEAL_ID,
  fakeChain,
  keypairWallet,
  MINT,
  OFFER_ID,
  PROGRAM_ID,
  renderDeal,
  SELLER,
  sellDeal,
  TREASURY,
} from '../testing/dealTestKit.tsx';

const SIGN_AND_SEND = 'POST /api/platform/admin/sign-and-send';
const ORDER = `GET /api/orders/${DEAL_ID}`;

const sentTransaction = (call: RecordedCall) =>
  Transaction.from(Buffer.from((JSON.parse(call.body) as { transaction: string }).transaction, 'base64'));

const discriminatorOf = (data: Buffer) => Array.from(data.subarray(0, 8));

function coSigner(status: number, kind: 'lock' | 'sign' | 'cancel') {
  return () => json(200, { signature: 'sig', orderId: DEAL_ID, status, kind, alreadyProcessed: false });
}

const seller = SELLER.publicKey.toBase58();
const buyer = BUYER.publicKey.toBase58();
const enoughTokens = () => fakeChain({ tokens: new Map([[seller, 100_000_000n]]) });

/** Clicks the header action, then the confirm button of its modal; `serverMoves` runs once the modal is open. */
async function openAndConfirm(action: string, confirm: string, serverMoves?: () => void) {
  await userEvent.click(await screen.findByRole('button', { name: action }));
  const dialog = await screen.findByRole('dialog');
  serverMoves?.();
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
}

describe('deal page: Lock', () => {
  it('checks balances, confirms, sends accept_offer_and_lock through the co-signer, toasts and shows the new status', async () => {
    const api = fakeApi();
    let release: () => void = () => {};
    api.on(SIGN_AND_SEND, () => new Promise((resolve) => (release = () => resolve(coSigner(8, 'lock')()))));
    const view = renderDeal({ deal: sellDeal(), viewer: SELLER, api, chain: enoughTokens() });

    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock 40.00 USDC?' });
    expect(view.api.callsTo(SIGN_AND_SEND)).toHaveLength(0);
    const ordersBefore = view.api.callsTo(ORDER).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock Tokens' }));

    // While the co-signer works, the header button and the modal both read 'Processing...'.
    await waitFor(() => expect(view.api.callsTo(SIGN_AND_SEND)).toHaveLength(1));
    expect(within(screen.getByRole('group', { name: 'Deal actions' })).getByRole('button', { name: PROCESSING })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: PROCESSING })).toBeDisabled();

    view.setDeal(sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }));
    release();
    expect(await screen.findByText('Order locked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Locked'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(view.api.callsTo(ORDER).length).toBeGreaterThan(ordersBefore));
    // The seller now only has Support Request.
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();

    const tx = sentTransaction(view.api.callsTo(SIGN_AND_SEND)[0]!);
    expect(tx.feePayer?.equals(ADMIN.publicKey)).toBe(true);
    expect(tx.instructions).toHaveLength(1);
    const [lock] = tx.instructions;
    expect(lock!.programId.equals(PROGRAM_ID)).toBe(true);
    expect(discriminatorOf(lock!.data)).toEqual(Array.from(INSTRUCTION_DISCRIMINATORS.accept_offer_and_lock));
    const data = lock!.data;
    expect(data.readBigUInt64LE(8)).toBe(BigInt(OFFER_ID)); // order_id = the offer
    expect(data.readBigUInt64LE(16)).toBe(BigInt(DEAL_ID)); // ticket_id = the deal
    expect(data.readBigUInt64LE(24)).toBe(40_000_000n); // crypto_amount, base units
    expect(data.readBigUInt64LE(32)).toBe(3680n); // fiat_amount = 40 × 0.92 × 100
    expect(data[40]).toBe(1); // is_sell_order
    expect(data.readBigUInt64LE(105)).toBe(100_000_000n); // offer_amount = the offer's total
    expect(lock!.keys[1]!.pubkey.equals(SELLER.publicKey)).toBe(true);
    expect(tx.verifySignatures(false)).toBe(true);
  });

  it('stops before the modal when the wallet has less than 0.001 SOL', async () => {
    const chain = fakeChain({ lamports: 999_999, tokens: new Map([[seller, 100_000_000n]]) });
    const view = renderDeal({ deal: sellDeal(), viewer: SELLER, chain });
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    expect(await screen.findByText(NEED_SOL_FOR_FEES)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view.api.callsTo(SIGN_AND_SEND)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Lock' })).toBeEnabled();
  });

  it('stops when the token balance does not cover the deal', async () => {
    const chain = fakeChain({ tokens: new Map([[seller, 39_999_999n]]) });
    renderDeal({ deal: sellDeal(), viewer: SELLER, chain });
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('Insufficient USDC balance to sell 40 USDC')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks to connect when the connected wallet is not the signed-in one", async () => {
    const other = Keypair.generate();
    const view = renderDeal({ deal: sellDeal(), viewer: SELLER, wallet: keypairWallet(other), chain: enoughTokens() });
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    expect(await screen.findByText(CONNECT_WALLET_TO_LOCK)).toBeInTheDocument();
    expect(view.chain.connection.getBalance).not.toHaveBeenCalled();
  });

  it("is 'Wallet/program not ready' while the server publishes no escrow program", async () => {
    renderDeal({ deal: sellDeal(), viewer: SELLER, chain: enoughTokens(), pageProps: { escrow: { programId: null, feePayer: null } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    expect(await screen.findByText(WALLET_NOT_READY)).toBeInTheDocument();
  });

  it('toasts the co-sign failure, closes the modal and refreshes the deal', async () => {
    const api = fakeApi({ [SIGN_AND_SEND]: () => apiError(500, 'INTERNAL_ERROR', 'Internal server error') });
    const view = renderDeal({ deal: sellDeal(), viewer: SELLER, api, chain: enoughTokens() });
    await screen.findByRole('button', { name: 'Lock' });
    const ordersBefore = view.api.callsTo(ORDER).length;
    await openAndConfirm('Lock', 'Lock Tokens');
    expect(await screen.findByText(FAILED_TO_SUBMIT_FOR_COSIGN)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view.api.callsTo(ORDER).length).toBeGreaterThan(ordersBefore));
    expect(screen.getByTestId('deal-status')).toHaveTextContent('In Progress');
    expect(screen.getByRole('button', { name: 'Lock' })).toBeEnabled();
  });

  it("shows the server's reason for a refusal", async () => {
    const api = fakeApi({
      [SIGN_AND_SEND]: () => apiError(409, 'CONFLICT', 'Transaction simulation failed: custom program error: 0x1779'),
    });
    renderDeal({ deal: sellDeal(), viewer: SELLER, api, chain: enoughTokens() });
    await openAndConfirm('Lock', 'Lock Tokens');
    expect(await screen.findByText('Error: Invalid amount - exceeds available')).toBeInTheDocument();
  });

  it('shows a wallet refusal as Error: {message}', async () => {
    const wallet = keypairWallet(SELLER, { signTransaction: async () => Promise.reject(new Error('User rejected the request.')) });
    const view = renderDeal({ deal: sellDeal(), viewer: SELLER, wallet, chain: enoughTokens() });
    await openAndConfirm('Lock', 'Lock Tokens');
    expect(await screen.findByText('Error: User rejected the request.')).toBeInTheDocument();
    expect(view.api.callsTo(SIGN_AND_SEND)).toHaveLength(0);
  });
});

describe('deal page: Mark as Paid', () => {
  it('the buyer signs a locked deal (first signature, no settlement accounts)', async () => {
    const api = fakeApi({ [SIGN_AND_SEND]: coSigner(OrderStatus.SignedByOneParty, 'sign') });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }), viewer: BUYER, api });
    await openAndConfirm('Mark as Paid', 'Yes, I Have Paid', () => view.setDeal(sellDeal({ status: OrderStatus.SignedByOneParty })));
    expect(await screen.findByText('Ticket signed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Signed By One Party'));

    const tx = sentTransaction(view.api.callsTo(SIGN_AND_SEND)[0]!);
    expect(tx.instructions).toHaveLength(1);
    const [sign] = tx.instructions;
    expect(discriminatorOf(sign!.data)).toEqual(Array.from(INSTRUCTION_DISCRIMINATORS.sign_universal_ticket));
    expect(sign!.keys).toHaveLength(5);
    expect(sign!.keys[1]!.pubkey.equals(BUYER.publicKey)).toBe(true);
  });

  it("the seller's confirmation settles: token accounts ensured, payout and treasury accounts passed", async () => {
    const api = fakeApi({ [SIGN_AND_SEND]: coSigner(OrderStatus.Completed, 'sign') });
    api.on(`GET /api/rating/order/${DEAL_ID}/status`, () =>
      json(200, { party1Wallet: seller, party2Wallet: buyer, party1Review: null, party2Review: null }),
    );
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.SignedByOneParty }), viewer: SELLER, api });
    await openAndConfirm('Mark as Paid', 'Release Tokens');
    expect(await screen.findByText('Ticket signed')).toBeInTheDocument();

    const tx = sentTransaction(view.api.callsTo(SIGN_AND_SEND)[0]!);
    expect(tx.instructions).toHaveLength(3);
    const [fiatAta, treasuryAta, sign] = tx.instructions;
    expect(fiatAta!.keys[1]!.pubkey.equals(associatedTokenAddress(MINT, BUYER.publicKey))).toBe(true);
    expect(treasuryAta!.keys[1]!.pubkey.equals(associatedTokenAddress(MINT, TREASURY))).toBe(true);
    expect(sign!.keys.map((k) => k.pubkey.toBase58())).toContain(associatedTokenAddress(MINT, BUYER.publicKey).toBase58());
    expect(sign!.keys.map((k) => k.pubkey.toBase58())).toContain(associatedTokenAddress(MINT, TREASURY).toBase58());
    expect(sign!.keys[1]!.pubkey.equals(SELLER.publicKey)).toBe(true);
  });
});

describe('deal page: Cancel Deal', () => {
  it('before the lock: PUT /orders/update-offers?orderId&orderStatus=4, no wallet needed', async () => {
    const api = fakeApi({ 'PUT /api/orders/update-offers': () => json(200, { orderId: DEAL_ID, status: OrderStatus.Cancelled }) });
    const view = renderDeal({ deal: sellDeal(), viewer: BUYER, api });
    await openAndConfirm('Cancel Deal', 'Yes, Cancel Deal', () => view.setDeal(sellDeal({ status: OrderStatus.Cancelled })));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    const [put] = view.api.callsTo('PUT /api/orders/update-offers');
    const query = new URL(put!.url).searchParams;
    expect(query.get('orderId')).toBe(String(DEAL_ID));
    expect(query.get('orderStatus')).toBe('4');
    await waitFor(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Cancelled'));
    expect(within(screen.getByRole('group', { name: 'Deal actions' })).queryAllByRole('button')).toHaveLength(0);
    expect(view.api.callsTo(SIGN_AND_SEND)).toHaveLength(0);
  });

  it("'Cancel failed' when the server fails without an explanation", async () => {
    const api = fakeApi({ 'PUT /api/orders/update-offers': () => apiError(500, 'INTERNAL_ERROR', 'Internal server error') });
    renderDeal({ deal: sellDeal(), viewer: BUYER, api });
    await openAndConfirm('Cancel Deal', 'Yes, Cancel Deal');
    expect(await screen.findByText('Cancel failed')).toBeInTheDocument();
  });

  it('after the lock: the fiat side sends cancel_universal_ticket, refunding the seller', async () => {
    const api = fakeApi({ [SIGN_AND_SEND]: coSigner(OrderStatus.Cancelled, 'cancel') });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }), viewer: BUYER, api });
    await openAndConfirm('Cancel Deal', 'Yes, Cancel Deal');
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    const tx = sentTransaction(view.api.callsTo(SIGN_AND_SEND)[0]!);
    const [sellerAta, cancel] = tx.instructions;
    expect(sellerAta!.keys[1]!.pubkey.equals(associatedTokenAddress(MINT, SELLER.publicKey))).toBe(true);
    expect(discriminatorOf(cancel!.data)).toEqual(Array.from(INSTRUCTION_DISCRIMINATORS.cancel_universal_ticket));
    expect(cancel!.keys[1]!.pubkey.equals(BUYER.publicKey)).toBe(true);
    expect(view.api.callsTo('PUT /api/orders/update-offers')).toHaveLength(0);
  });
});

describe('deal page: Support Request', () => {
  it("posts the support payload, then the deal shows 'Admin Resolving' and hides every action", async () => {
    const api = fakeApi({
      'POST /api/platform/call-tg-bot': () => json(200, { id: 'r1', orderId: DEAL_ID, status: OrderStatus.AdminResolving, statusChanged: true }),
    });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }), viewer: BUYER, api });
    await openAndConfirm('Support Request', 'Send Request', () => view.setDeal(sellDeal({ status: OrderStatus.AdminResolving })));
    await waitFor(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Admin Resolving'));
    expect(within(screen.getByRole('group', { name: 'Deal actions' })).queryAllByRole('button')).toHaveLength(0);
    const [call] = view.api.callsTo('POST /api/platform/call-tg-bot');
    expect(JSON.parse(call!.body)).toEqual({
      dealId: String(DEAL_ID),
      buyerWallet: buyer,
      sellerWallet: seller,
      orderUrl: `${window.location.origin}/swap-chat/${DEAL_ID}`,
      receiver: 'Admin',
      messageType: 'AdminNotification',
    });
  });

  it('fails silently', async () => {
    const api = fakeApi({ 'POST /api/platform/call-tg-bot': () => apiError(500, 'INTERNAL_ERROR', 'Internal server error') });
    renderDeal({ deal: sellDeal(), viewer: BUYER, api });
    await openAndConfirm('Support Request', 'Send Request');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('deal-status')).toHaveTextContent('In Progress');
  });
});

describe('deal page: loading', () => {
  it('asks to sign in when signed out, and fetches nothing', async () => {
    const view = renderDeal({ deal: sellDeal(), viewer: null });
    expect(await screen.findByText('Connect your wallet and sign in to open this deal.')).toBeInTheDocument();
    expect(view.api.callsTo(ORDER)).toHaveLength(0);
  });

  it("explains a deal that is not the viewer's", async () => {
    const api = fakeApi();
    const view = renderDeal({ deal: sellDeal(), viewer: Keypair.generate(), api });
    view.api.on(ORDER, () => apiError(403, 'FORBIDDEN', 'Only the parties of this deal and admins can see it'));
    expect(await screen.findByRole('heading', { name: 'Not your deal' })).toBeInTheDocument();
  });

  it('does not treat an offer as a deal: titles it as an offer and links to its page', async () => {
    const offer = sellDeal().parentOffer!;
    renderDeal({ deal: { ...offer, orderId: DEAL_ID, parentOffer: null }, viewer: SELLER });
    expect(await screen.findByRole('heading', { name: `Offer #${DEAL_ID}` })).toBeInTheDocument();
    expect(screen.getByText('This is an offer, not a deal: claim it to start a deal.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the offer' })).toHaveAttribute('href', `/online-ads/${DEAL_ID}`);
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^Offer #${DEAL_ID}\\b`)));
    expect(screen.queryByRole('button', { name: 'Cancel Deal' })).not.toBeInTheDocument();
  });

  it("shows the counterparty's trades line from GET /rating/{wallet}/summary", async () => {
    renderDeal({ deal: sellDeal(), viewer: SELLER });
    await waitFor(() => expect(screen.getByTestId('deal-counterparty-trades')).toHaveTextContent('12 Trades | Mar 2025'));
  });

  it('a Buy offer deal has no Lock button for anyone (the claimer locked while claiming)', async () => {
    const deal = sellDeal({ offerSide: OfferSide.Buy, creatorWallet: buyer, acceptorWallet: seller });
    renderDeal({ deal, viewer: SELLER });
    expect(await screen.findByRole('button', { name: 'Cancel Deal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lock' })).not.toBeInTheDocument();
  });
});

/**
 * Timers that move only when the test moves them. `settle` waits for a condition while stepping the fake clock 1 ms
 * per check, so the clock drifts by the number of checks (a few dozen), never by however long a loaded machine
 * takes: a poll due at 5 s cannot slip in before the test's own `advanceTimersByTimeAsync`.
 */
function useFrozenTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
}
const settle = (check: () => void) => vi.waitFor(check, { interval: 1, timeout: 10_000 });

describe('deal page: refresh', () => {
  it('polls GET /orders/{id} every 5 seconds', async () => {
    useFrozenTimers();
    try {
      const view = renderDeal({ deal: sellDeal(), viewer: BUYER });
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(1));
      view.setDeal(sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }));
      await vi.advanceTimersByTimeAsync(4_000);
      expect(view.api.callsTo(ORDER)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_100);
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(2));
      await settle(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Locked'));
      expect(screen.getByRole('button', { name: 'Mark as Paid' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('deal page: live status through the app-wide realtime client', () => {
  const open = (at: number) => realtimeStatusChanged({ status: 'open', at });

  it('does not poll while the socket is open, and shows a pushed status change at once', async () => {
    useFrozenTimers();
    try {
      const view = renderDeal({ deal: sellDeal(), viewer: BUYER });
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(1));
      act(() => {
        view.store.dispatch(open(1));
      });
      // Opening the socket is a catch-up point (events before it were not pushed): one refetch, then no polling.
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(2));
      await vi.advanceTimersByTimeAsync(12_000);
      expect(view.api.callsTo(ORDER)).toHaveLength(2);

      view.setDeal(sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }));
      act(() => {
        applyOrderStatus(view.store.dispatch, { type: 'order.status', orderId: DEAL_ID, parentOrderId: OFFER_ID, status: 8, changedAt: new Date().toISOString() });
      });
      await settle(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Locked'));
      expect(view.api.callsTo(ORDER)).toHaveLength(3);
      expect(screen.getByRole('button', { name: 'Mark as Paid' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a pushed change of another deal', async () => {
    const view = renderDeal({ deal: sellDeal(), viewer: BUYER });
    await waitFor(() => expect(view.api.callsTo(ORDER)).toHaveLength(1));
    act(() => {
      view.store.dispatch(open(1));
    });
    await waitFor(() => expect(view.api.callsTo(ORDER)).toHaveLength(2));
    act(() => {
      applyOrderStatus(view.store.dispatch, { type: 'order.status', orderId: DEAL_ID + 1, parentOrderId: OFFER_ID + 1, status: 4, changedAt: new Date().toISOString() });
    });
    await screen.findByTestId('deal-status');
    expect(view.api.callsTo(ORDER)).toHaveLength(2);
  });

  it('polls again while the socket is down, and catches up once after a reconnect', async () => {
    useFrozenTimers();
    try {
      const view = renderDeal({ deal: sellDeal(), viewer: BUYER });
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(1));
      act(() => {
        view.store.dispatch(open(1));
      });
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(2));
      act(() => {
        view.store.dispatch(realtimeStatusChanged({ status: 'down', at: 2 }));
      });
      await vi.advanceTimersByTimeAsync(5_100);
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(3));

      act(() => {
        view.store.dispatch(open(3));
      });
      await settle(() => expect(view.api.callsTo(ORDER)).toHaveLength(4));
      await vi.advanceTimersByTimeAsync(12_000);
      expect(view.api.callsTo(ORDER)).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
