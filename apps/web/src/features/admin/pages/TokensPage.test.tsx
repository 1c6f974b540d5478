import type { AdminToken } from '@jelly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { renderAdmin } from '../test/renderAdmin.tsx';

const MINT = 'BonkMint1111111111111111111111111111111111';
const TOKENS = 'GET /api/admin/tokens';
const PATCH = `PATCH /api/admin/tokens/${MINT}`;
const overlays = { overlays: true };

const token: AdminToken = {
  symbol: 'BONK',
  name: 'Bonk',
  mint: MINT,
  decimals: 5,
  isVerified: true,
  mintDevnet: null,
  icon: '/api/platform/token-icons/bonk.png',
  disabled: false,
  position: 4,
  createdAt: '2026-11-25T10:00:00.000Z',
};

describe('admin tokens', () => {
  it('lists every token and opens Add Token', async () => {
    renderAdmin('/admin/tokens', fakeApi({ [TOKENS]: () => json(200, [token, { ...token, mint: 'Other1111111111111111111111111111111111111', symbol: 'OLD', disabled: true }]) }), {}, overlays);
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('OLD', { exact: false }).closest('tr')).toHaveTextContent('Disabled');
    await userEvent.click(screen.getByRole('button', { name: 'Add Token' }));
    expect(await screen.findByRole('dialog', { name: 'Add Token' })).toBeInTheDocument();
  });

  it('disables a token after confirmation', async () => {
    const api = fakeApi({ [TOKENS]: () => json(200, [token]), [PATCH]: () => json(200, { token: { ...token, disabled: true }, warnings: [] }) });
    renderAdmin('/admin/tokens', api, {}, overlays);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Disable BONK?' })).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(JSON.parse(api.callsTo(PATCH)[0]!.body)).toEqual({ disabled: true });
    expect(await screen.findByText('BONK disabled')).toBeInTheDocument();
  });

  it('edits a token: only the changed fields are sent', async () => {
    const api = fakeApi({ [TOKENS]: () => json(200, [token]), [PATCH]: () => json(200, { token: { ...token, name: 'Bonk Inu' }, warnings: [] }) });
    renderAdmin('/admin/tokens', api, {}, overlays);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const row = screen.getByRole('row', { name: 'Edit BONK' });
    await userEvent.clear(within(row).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(row).getByRole('textbox', { name: 'Name' }), 'Bonk Inu');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(JSON.parse(api.callsTo(PATCH)[0]!.body)).toEqual({ name: 'Bonk Inu' });
    expect(await screen.findByText('BONK updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Edit BONK' })).not.toBeInTheDocument());
  });
});
