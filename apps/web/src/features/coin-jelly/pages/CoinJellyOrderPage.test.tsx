import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { DEPOSIT, listItem, makeOrder, ME, RECIPIENT, renderCoinJelly, USDC_MINT } from '../testing/coinJellyHarness.tsx';

describe('/coin-jelly/:id', () => {
  it('shows the order, its status and every timeline step with its transaction and slot', async () => {
    const order = makeOrder({
      stage: 'completed',
      status: 1,
      txID: 'PayoutSig',
      received: '100',
      events: [
        { id: 1, stage: 'awaiting_deposit', kind: 'reserved', actor: 'user', signature: null, slot: null, amount: null, coin: null, note: null, at: '2026-11-25T14:45:00.000Z' },
        { id: 2, stage: 'deposit_detected', kind: 'deposit', actor: 'chain', signature: 'DepositSig', slot: 120, amount: '100', coin: 'USDC', note: null, at: '2026-11-25T14:46:00.000Z' },
        { id: 3, stage: 'completed', kind: 'payout', actor: 'chain', signature: 'PayoutSig', slot: 125, amount: '0.625', coin: 'SOL', note: null, at: '2026-11-25T14:46:03.000Z' },
      ],
    });
    renderCoinJelly('/coin-jelly/7', fakeApi({ 'GET /api/coin-jelly/orders/7': () => json(200, order) }));
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Completed');
    expect(screen.getByText(RECIPIENT)).toBeInTheDocument();
    // A settled order no longer shows where to deposit.
    expect(screen.queryByTestId('deposit-address')).not.toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Waiting for your deposit · by user'),
      expect.stringContaining('Deposit detected · 100 USDC · by chainDepositSig (slot 120)'),
      expect.stringContaining('Completed · 0.625 SOL · by chainPayoutSig (slot 125)'),
    ]);
  });

  it('an open order shows its deposit address; notifications link /coin-jelly?order=7 here', async () => {
    const api = fakeApi({
      'GET /api/coin-jelly/orders/7': () => json(200, makeOrder()),
      'GET /api/coin-jelly/user-orders': () => json(200, { data: [listItem()], total: 1 }),
    });
    const view = renderCoinJelly('/coin-jelly?order=7', api);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Processing');
    expect(view.router.state.location.pathname).toBe('/coin-jelly/7');
    expect(screen.getByTestId('deposit-address')).toHaveTextContent(DEPOSIT.slice(0, 33));
  });

  it('a payout waiting for a token account says so at the top; without that wallet connected it offers the refund, not the opening', async () => {
    const waiting = makeOrder({
      stage: 'deposit_detected',
      cryptoCurrencyFromUser: 'SOL',
      newUserCrypto: 'USDC',
      received: '1',
      waitingForAccount: { payment: 'payout', address: RECIPIENT, coin: 'USDC', mint: USDC_MINT, since: '2026-11-25T14:46:00.000Z' },
    });
    const api = fakeApi({
      'GET /api/coin-jelly/orders/7': () => json(200, waiting),
      'POST /api/coin-jelly/orders/7/choice': () => json(409, { error: { code: 'CONFLICT', message: 'The payout is already being sent' } }),
    });
    renderCoinJelly('/coin-jelly/7', api);
    const box = await screen.findByTestId('account-wait');
    expect(box).toHaveTextContent(`Your payout is waiting: ${RECIPIENT} has no USDC account yet.`);
    expect(box).toHaveTextContent('Open it in that wallet');
    expect(box).toHaveTextContent(`Or get your deposit back at ${ME}.`);
    // The box comes before the order's facts: the first thing the page says.
    expect(box.compareDocumentPosition(screen.getByText('You send')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(box).queryByRole('button', { name: 'Open the account and receive' })).not.toBeInTheDocument();
    await userEvent.click(within(box).getByRole('button', { name: 'Refund instead' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('The payout is already being sent');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBe(JSON.stringify({ choice: 'refund' }));
  });

  it('an order that is not found (or not yours) says so', async () => {
    renderCoinJelly('/coin-jelly/8', fakeApi());
    expect(await screen.findByText('This order does not exist or is not yours.')).toBeInTheDocument();
  });
});
