import { ALREADY_SENT_REQUEST, CHECK_DEPOSIT_ADDRESS, SWAP_FAILED_OR_INVALID, SWAP_PENDING_CONFIRMATION } from '@jelly/domain';
import { sentFundsNotice } from '../model/sentFunds.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { applyJellyNotification } from '../../../lib/realtime/cacheUpdates.ts';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { eventually, useFakeClock } from '../../../test/fakeClock.ts';
import type { JellyOrder } from '../api/contract.ts';
import { DEPOSIT, listPage, makeOrder, ME, RECIPIENT, renderCoinJelly, SOLANA_COINS, USDC_MINT } from '../testing/coinJellyHarness.tsx';
import { CONFIRM_FUND_POLL_MS } from './ConfirmFundModal.tsx';

function modalApi(order: () => JellyOrder) {
  return fakeApi({
    'GET /api/coin-jelly/coins': () => json(200, { data: SOLANA_COINS }),
    'GET /api/coin-jelly/user-orders': () => listPage([]),
    'GET /api/coin-jelly/orders/7': () => json(200, order()),
    'POST /api/coin-jelly/create-jelly': () => json(201, { ok: true }),
  });
}

/**
 * Under the fake clock the store tells React about answered requests on a (fake) timer tick: move it a few
 * milliseconds at a time, far below any poll interval, until `check` passes.
 */
async function settled<T>(check: () => T): Promise<T> {
  for (let tick = 0; ; tick += 1) {
    try {
      return check();
    } catch (error) {
      if (tick >= 100) throw error;
    }
    await act(() => vi.advanceTimersByTimeAsync(5));
  }
}

async function openModal(api: ReturnType<typeof fakeApi>, fakeClock = false) {
  const wait = fakeClock ? settled : eventually;
  const view = renderCoinJelly('/coin-jelly', api);
  act(() => {
    view.store.dispatch(modalPushed('coinJelly', { orderId: 7 }));
  });
  const dialog = await wait(() => screen.getByRole('dialog', { name: 'Confirm & Fund' }));
  await wait(() => within(dialog).getByTestId('deposit-address'));
  return { ...view, dialog };
}

beforeAll(async () => {
  await import('./ConfirmFundModal.tsx');
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('Confirm&Fund', () => {
  it('shows the network warning, the amount, a Solana Pay QR code and the deposit address cut at 75%', async () => {
    const { dialog } = await openModal(modalApi(() => makeOrder()));
    expect(within(dialog).getByRole('note')).toHaveTextContent('Send only USDC on the Solana network.');
    expect(within(dialog).getByTestId('send-amount')).toHaveTextContent('100 USDC');
    expect(within(dialog).getByText(CHECK_DEPOSIT_ADDRESS)).toBeInTheDocument();
    // 44 characters: the first 33 then an ellipsis.
    expect(within(dialog).getByTestId('deposit-address').textContent).toBe(`${DEPOSIT.slice(0, 33)}…`);
    const qr = await eventually(() => within(dialog).getByRole('img', { name: /QR code/ }));
    expect(qr).toHaveAttribute('data-qr-value', `solana:${DEPOSIT}?amount=100&spl-token=${USDC_MINT}`);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('copies the full address and shows the check for exactly one second', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { dialog } = await openModal(modalApi(() => makeOrder()));
    useFakeClock();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy deposit address' }));
    });
    expect(writeText).toHaveBeenCalledWith(DEPOSIT);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(dialog).getByRole('button', { name: 'Copy deposit address' })).toBeInTheDocument();
  });

  it("sends the creation payload on 'I have sent the funds' and says no deposit is seen yet; the same request again is refused", async () => {
    const api = modalApi(() => makeOrder());
    const { dialog } = await openModal(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have sent the funds' }));
    await eventually(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('No deposit seen yet at this address.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(sentFundsNotice(makeOrder()));
    // Nothing arrived: nothing may read as pending.
    expect(dialog).not.toHaveTextContent(SWAP_PENDING_CONFIRMATION);
    expect(JSON.parse(api.callsTo('POST /api/coin-jelly/create-jelly')[0]!.body)).toEqual({
      cryptoCurrencyFromUser: 'USDC',
      userWallet: ME,
      companyWallet: DEPOSIT,
      newUserWallets: [RECIPIENT],
      newUserCrypto: 'SOL',
      newUserCryptoChain: 'Solana',
      amountUserSend: '100',
      amountUserWannaGet: '0.625',
    });

    api.on('POST /api/coin-jelly/create-jelly', () => apiError(409, 'CONFLICT', ALREADY_SENT_REQUEST));
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have sent the funds' }));
    await eventually(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(ALREADY_SENT_REQUEST));

    api.on('POST /api/coin-jelly/create-jelly', () => apiError(400, 'VALIDATION_ERROR', 'bad'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have sent the funds' }));
    await eventually(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(SWAP_FAILED_OR_INVALID));
  });

  it('follows the deposit without a button: detected, then completed with the payout linked', async () => {
    let order = makeOrder();
    const api = modalApi(() => order);
    // The poll's timer starts with the modal: the clock is fake from the start.
    useFakeClock();
    const { dialog } = await openModal(api, true);
    const status = within(dialog).getByRole('status');
    expect(status).toHaveTextContent('Waiting for your deposit');

    expect(within(dialog).getByRole('button', { name: 'I have sent the funds' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    order = makeOrder({ stage: 'deposit_detected', received: '100' });
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_FUND_POLL_MS));
    await settled(() => expect(status).toHaveTextContent('Deposit detected — 100 USDC received'));
    // Past the wait for a deposit, neither button means anything.
    expect(within(dialog).queryByRole('button', { name: 'I have sent the funds' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    const progress = () => within(status).getAllByRole('listitem').map((step) => step.textContent);
    expect(progress()).toEqual(['✓ Deposit detected (done)', '○ Payout sent (waiting)', '○ Completed (waiting)']);

    order = makeOrder({ stage: 'completed', status: 1, received: '100', txID: 'PayoutSig111' });
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_FUND_POLL_MS));
    await settled(() => expect(status).toHaveTextContent('Completed'));
    expect(progress()).toEqual(['✓ Deposit detected (done)', '✓ Payout sent (done)', '✓ Completed (done)']);
    expect(within(status).getByRole('link', { name: 'PayoutSig111' })).toHaveAttribute('href', expect.stringContaining('/tx/PayoutSig111'));
    expect(within(dialog).queryByRole('button', { name: 'I have sent the funds' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();

    // A completed order is not polled again.
    const polls = api.callsTo('GET /api/coin-jelly/orders/7').length;
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_FUND_POLL_MS * 3));
    expect(api.callsTo('GET /api/coin-jelly/orders/7')).toHaveLength(polls);
  });

  it('a pushed Coin Jelly notification refreshes the open modal at once, without waiting for the poll', async () => {
    let order = makeOrder();
    const api = modalApi(() => order);
    useFakeClock();
    const { dialog, store } = await openModal(api, true);
    order = makeOrder({ stage: 'deposit_detected', received: '100' });
    act(() => {
      applyJellyNotification(store.dispatch, {
        type: 'notification.created',
        notification: {
          id: 1,
          kind: 'jelly_deposit_detected',
          title: 'Deposit detected',
          message: '100 USDC arrived',
          orderId: null,
          jellyId: 7,
          createdAt: '2026-11-25T14:46:00.000Z',
          isRead: false,
          readAt: null,
        },
      });
    });
    // Far less than one poll interval.
    await settled(() => expect(within(dialog).getByRole('status')).toHaveAttribute('data-stage', 'deposit_detected'));
    expect(api.callsTo('GET /api/coin-jelly/orders/7')).toHaveLength(2);
  });

  it('asks for the choice after an under-payment and sends it', async () => {
    const order = makeOrder({
      stage: 'needs_choice',
      received: '80',
      pendingChoice: { kind: 'under', received: '80', exchangeAmount: '0.5', rate: '0.00625', refundAddress: ME },
    });
    const api = modalApi(() => order);
    api.on('POST /api/coin-jelly/orders/7/choice', () => json(200, { ok: true }));
    const { dialog } = await openModal(api);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Less arrived than the order asked for. 80 USDC arrived.');
    expect(within(dialog).queryByRole('button', { name: 'I have sent the funds' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await eventually(() => expect(api.callsTo('POST /api/coin-jelly/orders/7/choice')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST /api/coin-jelly/orders/7/choice')[0]!.body)).toEqual({ choice: 'refund' });
  });

  it('says why after the market moved against the fixed rate, with what the deposit buys now, and sends exchange', async () => {
    const order = makeOrder({
      stage: 'needs_choice',
      received: '100',
      pendingChoice: { kind: 'rate_moved', received: '100', exchangeAmount: '0.61', rate: '0.0061', refundAddress: ME },
    });
    const api = modalApi(() => order);
    api.on('POST /api/coin-jelly/orders/7/choice', () => json(200, { ok: true }));
    const { dialog } = await openModal(api);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The market moved against the fixed rate by more than the price band before the deposit arrived. 100 USDC arrived. ' +
        'Exchange it at the current rate for 0.61 SOL, or get it refunded to',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exchange at current rate' }));
    await eventually(() => expect(api.callsTo('POST /api/coin-jelly/orders/7/choice')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST /api/coin-jelly/orders/7/choice')[0]!.body)).toEqual({ choice: 'exchange' });
  });
});
