import type { AdminBan, AdminUser } from '@jelly/contracts';
import { USER_UNBANNED } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, WALLET_A, WALLET_B } from '../../../test/fakeApi.ts';
import { party } from '../test/fixtures.ts';
import { renderAdmin } from '../test/renderAdmin.tsx';

const USER = `GET /api/admin/users/${WALLET_A}`;
const UNBAN = `DELETE /api/admin/ban/${WALLET_A}`;
const overlays = { overlays: true };

const ban: AdminBan = {
  id: 'b1',
  wallet: WALLET_A,
  reason: 'Fake payment receipts',
  until: '2030-01-01T00:00:00.000Z',
  createdBy: WALLET_B,
  createdAt: '2026-11-20T10:00:00.000Z',
  liftedAt: null,
  liftedBy: null,
  active: true,
};

function user(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    wallet: WALLET_A,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: '2026-11-24T08:00:00.000Z',
    isAdmin: false,
    telegramLinked: true,
    stats: party(WALLET_A).stats,
    deals: [],
    offers: [],
    reportsAgainst: [{ id: 'r1', fromWallet: WALLET_B, comment: 'Never paid', createdAt: '2026-11-10T10:00:00.000Z' }],
    blocking: [],
    blockedBy: [{ wallet: WALLET_B, reason: 'Rude', createdAt: '2026-11-11T10:00:00.000Z' }],
    bans: [],
    activeBan: null,
    ...overrides,
  };
}

describe('admin users', () => {
  it('looks a wallet up and shows its record: stats, reports against it, blocks, Telegram', async () => {
    const { router } = renderAdmin('/admin/users', fakeApi({ [USER]: () => json(200, user()) }), {}, overlays);
    expect(document.title).toBe('Admin · Users · Jelly');
    const lookUp = screen.getByRole('button', { name: 'Look up' });
    expect(lookUp).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Wallet' }), WALLET_A);
    await userEvent.click(lookUp);
    expect(router.state.location.pathname).toBe(`/admin/users/${WALLET_A}`);
    expect(await screen.findByText(/Telegram linked/)).toBeInTheDocument();
    expect(screen.getByText(/Completed 9\/10 deals \(90%\)/)).toBeInTheDocument();
    expect(screen.getByText(/Never paid/)).toBeInTheDocument();
    expect(screen.getByText(/Blocked by .* Rude/)).toBeInTheDocument();
  });

  it('Ban user opens the ban modal with the wallet filled in', async () => {
    renderAdmin(`/admin/users/${WALLET_A}`, fakeApi({ [USER]: () => json(200, user()) }), {}, overlays);
    await userEvent.click(await screen.findByRole('button', { name: 'Ban user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban user' });
    expect(within(dialog).getByRole('textbox', { name: 'Wallet' })).toHaveValue(WALLET_A);
  });

  it('shows a ban in force with its reason and end, and lifts it', async () => {
    let current = user({ activeBan: ban, bans: [ban] });
    const api = fakeApi({
      [USER]: () => json(200, current),
      [UNBAN]: () => {
        current = user({ bans: [{ ...ban, active: false, liftedAt: '2026-11-25T10:00:00.000Z', liftedBy: WALLET_B }] });
        return json(200, { wallet: WALLET_A, lifted: [ban] });
      },
    });
    renderAdmin(`/admin/users/${WALLET_A}`, api, {}, overlays);
    expect(await screen.findByTestId('active-ban')).toHaveTextContent('Fake payment receipts');
    await userEvent.click(screen.getByRole('button', { name: 'Unban' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Lift the ban?' })).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText(USER_UNBANNED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('active-ban')).not.toBeInTheDocument());
    expect(api.callsTo(UNBAN)).toHaveLength(1);
    expect(screen.getByText(/lifted .* Fake payment receipts/)).toBeInTheDocument();
  });
});
