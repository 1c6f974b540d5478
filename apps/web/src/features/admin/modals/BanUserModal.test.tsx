import { BAN_UNTIL_IN_PAST, PROVIDE_A_REASON, USER_BANNED } from '@jelly/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../app/layout/Toasts.tsx';
import { fakeApi, json, WALLET_A } from '../../../test/fakeApi.ts';
import { testStore } from '../../../test/renderApp.tsx';
import { BAN_UNTIL_OFF_STEP } from '../lib/banTime.ts';
import { BanUserModal } from './BanUserModal.tsx';

const BAN = 'POST /api/admin/ban';
// 25 Nov 2026, 10:07:30 local time.
const NOW = new Date(2026, 10, 25, 10, 7, 30);

function banAnswer(call: { body: string }) {
  const body = JSON.parse(call.body) as { wallet: string; reason: string; until: string };
  return json(200, {
    ban: { id: 'b1', wallet: body.wallet, reason: body.reason, until: body.until, createdBy: 'admin', createdAt: NOW.toISOString(), liftedAt: null, liftedBy: null, active: true },
    effects: { sessionsRevoked: 2, offersHidden: 1, dealsFlagged: 1 },
  });
}

function renderBan(wallet?: string, api = fakeApi({ [BAN]: banAnswer })) {
  const { store } = testStore({ api });
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <BanUserModal wallet={wallet} onClose={onClose} now={() => NOW} />
      <Toasts />
    </Provider>,
  );
  const until = screen.getByLabelText('Until') as HTMLInputElement;
  return { api, onClose, until };
}

describe('Ban user', () => {
  it('keeps Ban disabled until a wallet is entered', async () => {
    renderBan();
    const ban = screen.getByRole('button', { name: 'Ban' });
    expect(ban).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Wallet' }), '   ');
    expect(ban).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Wallet' }), WALLET_A);
    expect(ban).toBeEnabled();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Wallet' }));
    expect(ban).toBeDisabled();
  });

  it('until defaults to now + 24 h on the 15-minute grid; the picker steps 15 minutes and starts at the next step', () => {
    const { until } = renderBan(WALLET_A);
    expect(until).toHaveAttribute('type', 'datetime-local');
    expect(until.value).toBe('2026-11-26T10:15');
    expect(until).toHaveAttribute('step', '900');
    expect(until).toHaveAttribute('min', '2026-11-25T10:15');
  });

  it('refuses a past end and sends nothing', async () => {
    const { api, until } = renderBan(WALLET_A);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Scam');
    fireEvent.change(until, { target: { value: '2026-11-25T09:00' } });
    expect(screen.getByRole('alert')).toHaveTextContent(BAN_UNTIL_IN_PAST);
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(api.callsTo(BAN)).toHaveLength(0);
  });

  it('refuses an end off the 15-minute steps', async () => {
    const { api, until } = renderBan(WALLET_A);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Scam');
    fireEvent.change(until, { target: { value: '2026-11-27T10:20' } });
    expect(screen.getByRole('alert')).toHaveTextContent(BAN_UNTIL_OFF_STEP);
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(api.callsTo(BAN)).toHaveLength(0);
  });

  it('asks for a reason', async () => {
    const { api } = renderBan(WALLET_A);
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PROVIDE_A_REASON);
    expect(api.callsTo(BAN)).toHaveLength(0);
  });

  it('bans for a week: POST /admin/ban {wallet, reason, until ISO}, reports the effects and closes', async () => {
    const { api, onClose, until } = renderBan(WALLET_A);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), '  Fake payment receipts  ');
    fireEvent.change(until, { target: { value: '2026-12-02T10:15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(api.callsTo(BAN)[0]!.body)).toEqual({
      wallet: WALLET_A,
      reason: 'Fake payment receipts',
      until: new Date(2026, 11, 2, 10, 15).toISOString(),
    });
    expect(await screen.findByText(`${USER_BANNED}: 2 sessions ended, 1 offers hidden, 1 deals flagged`)).toBeInTheDocument();
  });
});
