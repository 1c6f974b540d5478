import { ALREADY_SENT_REQUEST, SWAP_MESSAGES } from '@jelly/domain';
import { KNOWN_MINTS } from '@jelly/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFakeClock } from '../../../test/fakeClock.ts';
import { json } from '../../../test/fakeApi.ts';
import { makeQuote, makeSwap, QUOTE, refusal, renderSwap, SUBMIT, swapApi, TX_ID, userWallet } from '../testing/swapHarness.tsx';
import { applySwapUpdated } from '../../../lib/realtime/cacheUpdates.ts';
import { QUOTE_REFRESH_MS } from './SwapPage.tsx';

// Captured before any test fakes the clock.
const realSetTimeout = globalThis.setTimeout;
const T0 = new Date('2026-11-25T12:00:00.000Z').getTime();

/** Starts the fake clock on a whole second (the countdown ticks on whole seconds). */
function useClockAtT0() {
  useFakeClock();
  vi.setSystemTime(T0);
}

/**
 * Under the fake clock: retries `check`, moving the clock 10 ms at a time (the store tells the screens about answers
 * on a timer), at most 2 s of fake time.
 */
async function until<T>(check: () => T): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return check();
    } catch (error) {
      if (tries >= 200) throw error;
    }
    await act(() => vi.advanceTimersByTimeAsync(10));
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 5)));
  }
}

/** The quote panel when it shows a failure (the panel itself is the alert). */
async function failurePanel(): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const found = screen.getByTestId('quote-panel');
    expect(found).toHaveAttribute('role', 'alert');
    return found;
  });
}

beforeAll(async () => {
  // The action and the confirm modal load on first use; load them once so no test waits on a cold import.
  await import('../actions/prepareSwap.ts');
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

const amountBox = () => screen.getByLabelText('You pay');
const panel = () => screen.getByTestId('quote-panel');

/** Types the amount and lets the typing settle (the fake clock moves only when told). */
async function typeAmount(text: string) {
  fireEvent.change(amountBox(), { target: { value: text } });
  await act(() => vi.advanceTimersByTimeAsync(300));
}

describe('/swap', () => {
  it('is browsable signed out: USDT → SOL preselected, and it asks to connect the wallet for a quote', async () => {
    const api = swapApi();
    renderSwap({ api, signedOut: true });
    expect(await screen.findByRole('button', { name: 'You pay: USDT' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'You receive: SOL' })).toBeInTheDocument();
    await userEvent.type(amountBox(), '25');
    expect(panel()).toHaveTextContent('Connect your wallet to get a quote.');
    expect(within(panel()).getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(api.callsTo(QUOTE)).toHaveLength(0);
  });

  it('25 USDT shows the firm quote: amount out, rate both ways, fee, source and age, minimum received, countdown', async () => {
    useClockAtT0();
    const quoted = makeQuote({ expireAt: new Date(T0 + 31_000).toISOString(), publishTime: new Date(T0 - 3_000).toISOString(), source: 'pyth' });
    // The server stamps the quote as it answers (the device clock here is the server's).
    const api = swapApi({ [QUOTE]: () => json(200, { ...quoted, quotedAt: new Date().toISOString() }) });
    renderSwap({ api });
    await until(() => screen.getByRole('button', { name: 'You pay: USDT' }));
    await typeAmount('25');
    await until(() => expect(panel()).toHaveTextContent('0.1523 SOL'));
    // The countdown's next whole second.
    await act(() => vi.advanceTimersByTimeAsync(T0 + 1_000 - Date.now()));
    expect(JSON.parse(api.callsTo(QUOTE)[0]!.body)).toEqual({ inputMint: KNOWN_MINTS.USDT, outputMint: KNOWN_MINTS.SOL, amount: '25000000', swapMode: 'ExactIn' });
    const quote = within(panel());
    expect(quote.getByText('You receive').nextSibling).toHaveTextContent('0.1523 SOL');
    expect(quote.getByText('Rate').nextSibling).toHaveTextContent('1 USDT = 0.006092 SOL');
    expect(quote.getByText('Inverse rate').nextSibling).toHaveTextContent('1 SOL = 164.15 USDT');
    expect(quote.getByText('Fee').nextSibling).toHaveTextContent('0.000458 SOL (0.30%)');
    expect(quote.getByText('Price source').nextSibling).toHaveTextContent('Pyth · 4 s old');
    expect(quote.getByText('Minimum received').nextSibling).toHaveTextContent('0.1523 SOL');
    expect(quote.getByRole('timer')).toHaveTextContent('00:30');
    expect(screen.getByLabelText('You receive')).toHaveTextContent('0.1523');
  });

  it('on a cluster without USDT (devnet) offers the catalogue’s USDC instead and quotes its devnet mint', async () => {
    const devnetUsdc = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
    const coins = [
      { symbol: 'SOL', name: 'Solana', mint: KNOWN_MINTS.SOL, decimals: 9, isVerified: true, mintDevnet: null, icon: '/c/sol.svg' },
      { symbol: 'USDC', name: 'USD Coin', mint: devnetUsdc, decimals: 6, isVerified: true, mintDevnet: null, icon: '/c/usdc.svg' },
    ];
    const api = swapApi({ 'GET /api/platform/coins': () => json(200, coins), [QUOTE]: () => json(200, makeQuote({ inputMint: devnetUsdc, inSymbol: 'USDC' })) });
    renderSwap({ api });
    expect(await screen.findByRole('button', { name: 'You pay: USDC' })).toBeInTheDocument();
    fireEvent.change(amountBox(), { target: { value: '25' } });
    await vi.waitFor(() => expect(api.callsTo(QUOTE)).toHaveLength(1));
    expect(JSON.parse(api.callsTo(QUOTE)[0]!.body)).toMatchObject({ inputMint: devnetUsdc, outputMint: KNOWN_MINTS.SOL, amount: '25000000' });
  });

  it('refreshes the quote every few seconds while idle, and an expired one offers a fresh quote', async () => {
    useClockAtT0();
    let expiresIn = 30_000;
    const api = swapApi({ [QUOTE]: () => json(200, makeQuote({ expireAt: new Date(Date.now() + expiresIn).toISOString() })) });
    renderSwap({ api });
    await until(() => screen.getByRole('button', { name: 'You pay: USDT' }));
    await typeAmount('25');
    await until(() => expect(api.callsTo(QUOTE)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS));
    await until(() => expect(api.callsTo(QUOTE)).toHaveLength(2));

    // A quote firm for less than the refresh period runs out on screen.
    expiresIn = 2_000;
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS));
    await until(() => expect(api.callsTo(QUOTE)).toHaveLength(3));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await until(() => expect(panel()).toHaveTextContent('This quote has expired.'));
    expect(screen.getByRole('button', { name: 'Swap' })).toBeDisabled();
    expiresIn = 30_000;
    fireEvent.click(within(panel()).getByRole('button', { name: 'Get a new quote' }));
    await until(() => expect(panel()).toHaveTextContent('0.1523 SOL'));
    expect(api.callsTo(QUOTE)).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Swap' })).toBeEnabled();
  });

  it.each([
    ['desk_inventory_short', 409, 'The desk is short of this token.'],
    ['price_moved', 409, 'The price moved beyond the quoted band.'],
    ['insufficient_balance', 400, 'Your balance does not cover this swap.'],
    ['above_maximum', 400, 'The desk cannot quote this swap.'],
  ] as const)('a quote refused with %s says so and offers a fresh quote', async (reason, status, title) => {
    const api = swapApi({ [QUOTE]: () => refusal(status, reason, SWAP_MESSAGES[reason]) });
    renderSwap({ api });
    await userEvent.type(await screen.findByLabelText('You pay'), '25');
    const alert = await failurePanel();
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(SWAP_MESSAGES[reason]);
    api.on(QUOTE, () => json(200, makeQuote()));
    await userEvent.click(within(alert).getByRole('button', { name: 'Get a new quote' }));
    expect(await screen.findByText('Minimum received')).toBeInTheDocument();
  });

  it('Swap: confirm, the wallet signs the quote once, pending, then Completed with the txID on the explorer; no quote while the wallet is open', async () => {
    useClockAtT0();
    let release: () => void = () => undefined;
    const signed = new Promise<void>((resolve) => (release = resolve));
    const wallet = userWallet(async (tx) => {
      await signed;
      tx.sign([(await import('../testing/swapHarness.tsx')).USER]);
      return tx;
    });
    let record = makeSwap({ status: 0 });
    const api = swapApi({
      [QUOTE]: () => json(200, makeQuote()),
      [SUBMIT]: () => json(200, { swap: record, alreadySent: false }),
      'GET /api/swaps/7': () => json(200, record),
    });
    const { store } = renderSwap({ api, wallet });
    await until(() => screen.getByRole('button', { name: 'You pay: USDT' }));
    await typeAmount('25');
    await until(() => expect(screen.getByRole('button', { name: 'Swap' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const dialog = await until(() => screen.getByRole('dialog', { name: 'Swap 25.00 USDT for 0.1523 SOL?' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Swap' }));
    await until(() => expect(wallet.signTransaction).toHaveBeenCalledTimes(1));

    // The wallet is open: however long it stays so, the quote being signed is not replaced.
    const quotesBefore = api.callsTo(QUOTE).length;
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_REFRESH_MS * 3));
    expect(api.callsTo(QUOTE)).toHaveLength(quotesBefore);

    release();
    await until(() => expect(screen.getByTestId('swap-outcome')).toHaveTextContent('Pending — transaction awaiting confirmation'));
    const body = JSON.parse(api.callsTo(SUBMIT)[0]!.body) as { quoteToken: string; signedTransaction: string };
    expect(body.quoteToken).toMatch(/^q1\.quote-\d+\.tag$/);
    expect(body.signedTransaction.length).toBeGreaterThan(100);

    // The chain confirms: the socket's swap.updated has the record read again.
    record = makeSwap({ status: 1 });
    act(() => applySwapUpdated(store.dispatch, { type: 'swap.updated', swap: record }));
    await until(() => expect(screen.getByTestId('swap-outcome')).toHaveTextContent('Swapped 25.00 USDT for 0.1523 SOL'));
    const link = within(screen.getByTestId('swap-outcome')).getByRole('link', { name: /^5{8}…5{6}$/ });
    expect(link.getAttribute('href')).toContain(`https://explorer.solana.com/tx/${TX_ID}`);
    expect(wallet.signTransaction).toHaveBeenCalledTimes(1);
  });

  it('a quote that expires with the confirm dialog open turns its Swap into Get a new quote; the wallet is never asked', async () => {
    useClockAtT0();
    const wallet = userWallet();
    // Firm for 3 s by the server's clock, which runs 10 minutes ahead of the device's: only the offset counts.
    const ahead = 10 * 60_000;
    const answer = () => json(200, makeQuote({ quotedAt: new Date(Date.now() + ahead).toISOString(), expireAt: new Date(Date.now() + ahead + 3_000).toISOString() }));
    const api = swapApi({ [QUOTE]: answer });
    renderSwap({ api, wallet });
    await until(() => screen.getByRole('button', { name: 'You pay: USDT' }));
    await typeAmount('25');
    await until(() => expect(screen.getByRole('button', { name: 'Swap' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const dialog = await until(() => screen.getByRole('dialog', { name: 'Swap 25.00 USDT for 0.1523 SOL?' }));
    expect(within(dialog).getByRole('button', { name: 'Swap' })).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This quote has expired.');
    const quotesBefore = api.callsTo(QUOTE).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get a new quote' }));
    await until(() => expect(screen.queryByRole('dialog')).toBeNull());
    await until(() => expect(api.callsTo(QUOTE).length).toBeGreaterThan(quotesBefore));
    expect(wallet.signTransaction).not.toHaveBeenCalled();
    expect(api.callsTo(SUBMIT)).toHaveLength(0);
  });

  it("a second submit of the same quote says 'You've already sent this request.'", async () => {
    const api = swapApi({
      [QUOTE]: () => json(200, makeQuote()),
      [SUBMIT]: () => json(200, { swap: makeSwap({ status: 1 }), alreadySent: true }),
      'GET /api/swaps/7': () => json(200, makeSwap({ status: 1 })),
    });
    renderSwap({ api });
    await userEvent.type(await screen.findByLabelText('You pay'), '25');
    const swap = await screen.findByRole('button', { name: 'Swap' });
    await vi.waitFor(() => expect(swap).toBeEnabled());
    await userEvent.click(swap);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Swap' }));
    const outcome = await screen.findByTestId('swap-outcome');
    expect(within(outcome).getByRole('alert')).toHaveTextContent(ALREADY_SENT_REQUEST);
  });

  it.each([
    ['an expired quote', () => refusal(409, 'quote_expired', SWAP_MESSAGES.quote_expired), 'The quote expired.'],
    ['a failed transaction', () => refusal(409, 'transaction_failed', SWAP_MESSAGES.transaction_failed), 'Error — failed or invalid transaction'],
  ])('a submit refused for %s says so and offers a fresh quote', async (_name, answer, title) => {
    const api = swapApi({ [QUOTE]: () => json(200, makeQuote()), [SUBMIT]: answer });
    renderSwap({ api });
    await userEvent.type(await screen.findByLabelText('You pay'), '25');
    const swap = await screen.findByRole('button', { name: 'Swap' });
    await vi.waitFor(() => expect(swap).toBeEnabled());
    await userEvent.click(swap);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Swap' }));
    const alert = await failurePanel();
    expect(alert).toHaveTextContent(title);
    const quotes = api.callsTo(QUOTE).length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Get a new quote' }));
    await vi.waitFor(() => expect(api.callsTo(QUOTE).length).toBe(quotes + 1));
  });

  it('a wallet that refuses to sign leaves the tokens where they are and offers a fresh quote', async () => {
    const wallet = userWallet(async () => {
      throw new Error('User rejected the request.');
    });
    const api = swapApi({ [QUOTE]: () => json(200, makeQuote()) });
    renderSwap({ api, wallet });
    await userEvent.type(await screen.findByLabelText('You pay'), '25');
    const swap = await screen.findByRole('button', { name: 'Swap' });
    await vi.waitFor(() => expect(swap).toBeEnabled());
    await userEvent.click(swap);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Swap' }));
    const alert = await failurePanel();
    expect(alert).toHaveTextContent('The wallet did not sign the swap.');
    expect(alert).toHaveTextContent('User rejected the request.');
    expect(api.callsTo(SUBMIT)).toHaveLength(0);
  });

  it('shows both balances from the chain; Max fills the whole USDT balance', async () => {
    const api = swapApi({ [QUOTE]: () => json(200, makeQuote()) });
    renderSwap({ api });
    expect(await screen.findByText('Balance: 100.00 USDT')).toBeInTheDocument();
    expect(screen.getByText('Balance: 1.00 SOL')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountBox()).toHaveValue('100.00');
  });

  it('paying with SOL into a new token account, Max keeps back the account rent', async () => {
    const api = swapApi({ [QUOTE]: () => json(200, makeQuote()) });
    renderSwap({ api });
    await screen.findByText('Balance: 100.00 USDT');
    // Flip to SOL → USDT, then choose USDC (no account yet) to receive.
    await userEvent.click(screen.getByRole('button', { name: 'Flip direction' }));
    await userEvent.click(screen.getByRole('button', { name: 'You receive: USDT' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Select asset' })).getByRole('option', { name: 'USDC USD Coin' }));
    expect(await screen.findByRole('button', { name: 'You receive: USDC' })).toBeInTheDocument();
    await screen.findByText('Balance: 0.00 USDC');
    await userEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountBox()).toHaveValue('0.99796072');
  });
});
