import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { useFakeClock } from '../../../test/fakeClock.ts';
import { listItem, renderCoinJelly } from '../testing/coinJellyHarness.tsx';

function queueApi() {
  return fakeApi({
    'GET /api/admin/coin-jelly/queue': () =>
      json(200, {
        orders: [{ ...listItem({ id: 11, stage: 'awaiting_admin', received: '100', newUserCrypto: 'BTC', newUserCryptoChain: 'Bitcoin' }), waitingMinutes: 65 }],
        deposits: [
          { id: 3, orderId: 5, address: 'Dep', coin: 'USDC', signature: 'LateSig', slot: 9, amount: '20', at: '2026-11-25T14:00:00.000Z', resolved: false },
          { id: 4, orderId: 6, address: 'Dep2', coin: 'SOL', signature: 'OldSig', slot: 9, amount: '1', at: '2026-11-25T13:00:00.000Z', resolved: true },
        ],
        awaitingUser: [
          {
            ...listItem({
              id: 12,
              stage: 'needs_choice',
              received: '60',
              amountUserSend: '100',
              pendingChoice: { kind: 'under', received: '60', exchangeAmount: '0.4', rate: '0.0066', refundAddress: 'Refund111' },
            }),
            waitingMinutes: 7,
          },
        ],
      }),
    'GET /api/coin-jelly/jelly-history': () => json(200, { data: [], total: 0 }),
  });
}

beforeAll(async () => {
  await import('./UpdateJellyModal.tsx');
}, 30_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('admin Coin Jelly queue', () => {
  it('lists the orders waiting for an admin with their clock, then the unresolved unexpected deposits', async () => {
    renderCoinJelly('/admin/coin-jelly', queueApi(), { admin: true });
    const queue = await screen.findByRole('region', { name: 'Needs an admin' });
    const row = await within(queue).findByTestId('queue-row');
    expect(row).toHaveTextContent('Waiting for an operator to pay out');
    expect(row).toHaveTextContent('100 USDC in → 0.625 BTC (Bitcoin)');
    expect(within(row).getByTestId('sla').textContent).toMatch(/^Waiting 1:05:0\d$/);
    const deposits = within(queue).getAllByTestId('unattributed-deposit');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toHaveTextContent('20 USDC');
    expect(within(queue).getByRole('heading')).toHaveTextContent('Needs an admin (2)');

    await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Jelly' });
    expect(within(dialog).getByRole('textbox', { name: 'Id' })).toHaveValue('11');
  });

  it("names the orders waiting for the user's choice for what they are, apart from the admin's queue, with their wait", async () => {
    renderCoinJelly('/admin/coin-jelly', queueApi(), { admin: true });
    const choosing = await screen.findByRole('region', { name: "Waiting for the user's choice" });
    expect(within(choosing).getByRole('heading')).toHaveTextContent("Waiting for the user's choice (1)");
    const row = within(choosing).getByTestId('choice-row');
    expect(row).toHaveTextContent('#12');
    expect(row).toHaveTextContent('60 of 100 USDC in');
    expect(row).toHaveTextContent('Less arrived than the order asked for.');
    expect(within(row).getByTestId('waited').textContent).toMatch(/^Waiting 07:0\d$/);
    expect(within(screen.getByRole('region', { name: 'Needs an admin' })).queryByText('#12')).toBeNull();
  });

  it('the waiting clock ticks between reads of the queue', async () => {
    useFakeClock();
    renderCoinJelly('/admin/coin-jelly', queueApi(), { admin: true });
    let sla: HTMLElement | null = null;
    for (let tick = 0; !sla && tick < 200; tick += 1) {
      await act(() => vi.advanceTimersByTimeAsync(5));
      sla = screen.queryByTestId('sla');
    }
    const before = sla!.textContent;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTestId('sla').textContent).not.toBe(before);
    expect(screen.getByTestId('sla').textContent).toMatch(/^Waiting 1:05:1\d$/);
  });
});
