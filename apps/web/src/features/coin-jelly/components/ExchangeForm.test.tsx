import { NO_OPTIONS, OFF_CURVE_SOLANA_ADDRESS } from '@jelly/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { coin, makeOrder, makeQuote, ME, params, RECIPIENT, renderCoinJelly, SOLANA_COINS, listPage } from '../testing/coinJellyHarness.tsx';

const CHAINS = ['Solana', 'Bitcoin', 'Ethereum'] as const;
const CODES = ['SOL', 'USDC', 'USDT', 'BTC', 'ETH'] as const;
/** 15 picker entries: every code on every chain. */
const MANY_COINS = CHAINS.flatMap((chain) => CODES.map((code) => coin(code, chain)));
// A program-derived address: 32 bytes off the ed25519 curve.
const OFF_CURVE = 'Co24yjRpSdUBaycV24uZe9j7PnAqVmdiTrHqesV5U4XT';

function formApi(coins = SOLANA_COINS) {
  return fakeApi({
    'GET /api/coin-jelly/coins': () => json(200, { data: coins }),
    'GET /api/coin-jelly/quote': () => json(200, makeQuote()),
    'GET /api/coin-jelly/user-orders': () => listPage([]),
    'POST /api/coin-jelly/orders': () => json(201, makeOrder()),
    'GET /api/coin-jelly/orders/7': () => json(200, makeOrder()),
  });
}

function scrollList(list: HTMLElement, { scrollHeight, clientHeight, scrollTop }: { scrollHeight: number; clientHeight: number; scrollTop: number }) {
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(list, 'scrollTop', { configurable: true, writable: true, value: scrollTop });
  fireEvent.scroll(list);
}

beforeAll(async () => {
  await import('./ConfirmFundModal.tsx');
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('currency-and-chain picker', () => {
  it('defaults to USDC (Solana) → SOL (Solana) and searches code, name and chain', async () => {
    renderCoinJelly('/coin-jelly', formApi());
    await screen.findByRole('button', { name: 'Coin to send: USDC (Solana)' });
    expect(screen.getByRole('button', { name: 'Coin to receive: SOL (Solana)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Coin to receive: SOL (Solana)' }));
    const dialog = await screen.findByRole('dialog', { name: 'I receive' });
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search coin or chain' }), 'bitcoin');
    expect(within(dialog).getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['BTC BTC coin · Bitcoin']);
    await userEvent.click(within(dialog).getByRole('option'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coin to receive: BTC (Bitcoin)' })).toBeInTheDocument();
  });

  it("shows 'No options' when the desk lists no coin, and 'Loading…' while the list loads", async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = formApi([]);
    api.on('GET /api/coin-jelly/coins', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderCoinJelly('/coin-jelly', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Coin to send: choose a coin' }));
    const list = within(await screen.findByRole('dialog', { name: 'I send' })).getByTestId('picker-list');
    expect(list).toHaveTextContent('Loading…');
    await act(async () => answer(json(200, { data: [] })));
    await waitFor(() => expect(list).toHaveTextContent(NO_OPTIONS));
  });

  it('lists 10 first, 10 more 300 ms after a scroll near the end, and a default icon for a coin without one', async () => {
    const coins = MANY_COINS.map((c, i) => (i === 0 ? { ...c, iconSrc: null } : c));
    renderCoinJelly('/coin-jelly', formApi(coins));
    await userEvent.click(await screen.findByRole('button', { name: 'Coin to send: USDC (Solana)' }));
    const dialog = await screen.findByRole('dialog', { name: 'I send' });
    expect(within(dialog).getAllByRole('option')).toHaveLength(10);
    expect(within(within(dialog).getAllByRole('option')[0]!).getByTestId('default-icon')).toHaveTextContent('S');

    vi.useFakeTimers();
    const list = within(dialog).getByTestId('picker-list');
    scrollList(list, { scrollHeight: 1000, clientHeight: 300, scrollTop: 600 });
    expect(list).toHaveTextContent('Loading…');
    act(() => vi.advanceTimersByTime(299));
    expect(within(dialog).getAllByRole('option')).toHaveLength(10);
    act(() => vi.advanceTimersByTime(1));
    expect(within(dialog).getAllByRole('option')).toHaveLength(15);
  });
});

describe('exchange form', () => {
  it('quotes from the amount sent, shows the amount received and the maximum, and refuses an off-curve recipient', async () => {
    const api = formApi();
    renderCoinJelly('/coin-jelly', api);
    await screen.findByRole('button', { name: 'Coin to send: USDC (Solana)' });
    await userEvent.type(screen.getByLabelText('You send'), '100');
    await waitFor(() => expect(screen.getByLabelText('You receive')).toHaveValue('0.625'));
    expect(params(api.callsTo('GET /api/coin-jelly/quote').at(-1)!)).toEqual({
      sendCoin: 'USDC',
      sendChain: 'Solana',
      receiveCoin: 'SOL',
      receiveChain: 'Solana',
      amountUserSend: '100',
    });
    expect(screen.getByTestId('max-receive')).toHaveTextContent('Maximum the desk can pay now: 50 SOL');
    // The refund address defaults to the signed-in wallet.
    expect(screen.getByLabelText('Refund address (USDC (Solana))')).toHaveValue(ME);

    await userEvent.type(screen.getByLabelText('Recipient address (SOL (Solana))'), OFF_CURVE);
    expect(screen.getByText(OFF_CURVE_SOLANA_ADDRESS)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(api.callsTo('POST /api/coin-jelly/orders')).toHaveLength(0);
  });

  it('quotes from the amount wanted when that one is typed', async () => {
    const api = formApi();
    renderCoinJelly('/coin-jelly', api);
    await screen.findByRole('button', { name: 'Coin to send: USDC (Solana)' });
    await userEvent.type(screen.getByLabelText('You receive'), '0.625');
    await waitFor(() => expect(screen.getByLabelText('You send')).toHaveValue('100'));
    expect(params(api.callsTo('GET /api/coin-jelly/quote').at(-1)!).amountUserWannaGet).toBe('0.625');
  });

  it('reserves the order with both addresses and opens Confirm&Fund', async () => {
    const api = formApi();
    renderCoinJelly('/coin-jelly', api);
    await screen.findByRole('button', { name: 'Coin to send: USDC (Solana)' });
    await userEvent.type(screen.getByLabelText('You send'), '100');
    await waitFor(() => expect(screen.getByLabelText('You receive')).toHaveValue('0.625'));
    await userEvent.type(screen.getByLabelText('Recipient address (SOL (Solana))'), RECIPIENT);
    await userEvent.click(screen.getByRole('button', { name: 'Exchange' }));

    await screen.findByRole('dialog', { name: 'Confirm & Fund' });
    expect(JSON.parse(api.callsTo('POST /api/coin-jelly/orders')[0]!.body)).toEqual({
      sendCoin: 'USDC',
      sendChain: 'Solana',
      receiveCoin: 'SOL',
      receiveChain: 'Solana',
      amountUserSend: '100',
      recipientAddress: RECIPIENT,
      refundAddress: ME,
    });
  });

  it('refuses more than the desk can pay', async () => {
    const api = formApi();
    api.on('GET /api/coin-jelly/quote', () => json(200, makeQuote({ amountUserWannaGet: '60', maxReceive: '50' })));
    renderCoinJelly('/coin-jelly', api);
    await screen.findByRole('button', { name: 'Coin to send: USDC (Solana)' });
    await userEvent.type(screen.getByLabelText('You send'), '9600');
    expect(await screen.findByText('This is more than the desk can pay now. Lower the amount.')).toBeInTheDocument();
  });
});
