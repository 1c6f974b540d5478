import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, WALLET_A } from '../../../test/fakeApi.ts';
import { renderAdmin } from '../test/renderAdmin.tsx';
import { ADMIN_SECTIONS } from './adminNav.ts';

const QUEUE = 'GET /api/admin/disputes';
const emptyQueue = () => json(200, { data: [], total: 0, page: 1, size: 20 });

describe('admin shell gates', () => {
  it('signed out: Connect Admin Wallet, no admin navigation, no API call', async () => {
    const { api, onConnectWallet } = renderAdmin('/admin', fakeApi(), { wallet: null, signedIn: false, isAdmin: false });
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Admin Wallet' }));
    expect(onConnectWallet).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
  });

  it('a wallet that is not an admin: 403 with a way back home and Disconnect, no API call', async () => {
    const { api, router, onDisconnect } = renderAdmin('/admin/users', fakeApi(), { wallet: WALLET_A, isAdmin: false });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: '403 — Admins only' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Disconnect' }));
    expect(onDisconnect).toHaveBeenCalledTimes(1);
    await userEvent.click(within(alert).getByRole('link', { name: 'Back to Jelly' }));
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls).toHaveLength(0);
  });

  it('an admin: the admin navigation, /admin lands on the open dispute queue', async () => {
    const { api } = renderAdmin('/admin', fakeApi({ [QUEUE]: emptyQueue }));
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([...ADMIN_SECTIONS.map((s) => s.label), 'Back to Jelly']);
    expect(screen.getByRole('heading', { name: 'Disputes' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(QUEUE)).toHaveLength(1));
    const params = new URL(api.callsTo(QUEUE)[0]!.url).searchParams;
    expect(params.get('status')).toBe('open');
    expect(params.get('Page')).toBe('1');
    expect(document.title).toBe('Admin · Disputes · Jelly');
  });

  it('each section sets its own title; the menu folds and a chosen section closes it', async () => {
    const { router } = renderAdmin('/admin', fakeApi({ [QUEUE]: emptyQueue }));
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Deals' }));
    expect(router.state.location.pathname).toBe('/admin/deals');
    expect(document.title).toBe('Admin · Deals · Jelly');
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  });

  it('Swaps and Coin Jelly are sections of the frame whose pages their features supply', () => {
    renderAdmin('/admin/swaps');
    expect(screen.getByRole('link', { name: 'Swaps' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('heading', { name: 'Disputes' })).not.toBeInTheDocument();
  });
});
