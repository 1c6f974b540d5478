import type { TokenInspection } from '@jelly/contracts';
import { FAILED_TO_CREATE_TOKEN, TOKEN_CREATED } from '@jelly/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../app/layout/Toasts.tsx';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { testStore } from '../../../test/renderApp.tsx';
import { CONFIRM_LOOKALIKE, DISTINCT_NAME_NEEDED } from '../lib/tokenForm.ts';
import { AddTokenModal } from './AddTokenModal.tsx';

const MINT = 'BonkMint1111111111111111111111111111111111';
const INSPECT = 'GET /api/admin/tokens/inspect';
const CREATE = 'POST /api/admin/new-coin-p2p';
const COINS = 'GET /api/platform/coins';
const TOKENS = 'GET /api/admin/tokens';
const USDC = { symbol: 'USDC', name: 'USD Coin', mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, isVerified: true, mintDevnet: null, icon: '/api/assets/coins/usdc.svg', disabled: false, position: 1, createdAt: '2026-11-01T10:00:00.000Z' };

function inspection(overrides: Partial<TokenInspection> = {}): TokenInspection {
  return {
    mint: MINT,
    exists: true,
    program: 'spl-token',
    decimals: 5,
    supply: '1000000000',
    mintAuthority: null,
    freezeAuthority: 'Fr33ze1111111111111111111111111111111111111',
    extensions: [],
    transferFee: null,
    alreadyListed: false,
    refusal: null,
    warnings: ['The mint has a freeze authority: its owner can freeze escrowed tokens.'],
    ...overrides,
  };
}

const created = (call: { body: string }) => {
  const body = JSON.parse(call.body) as Record<string, unknown>;
  // Without an icon the server lists the placeholder.
  const icon = body.icon ?? '/api/assets/coins/token.svg';
  return json(201, { token: { ...body, icon, mintDevnet: body.mintDevnet ?? null, disabled: false, position: 9, createdAt: '2026-11-25T10:00:00.000Z' }, warnings: [] });
};

function renderAddToken(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ [COINS]: () => json(200, []), [TOKENS]: () => json(200, [USDC]), ...handlers });
  const { store } = testStore({ api });
  const onClose = vi.fn();
  render(
    <Provider store={store}>
      <AddTokenModal onClose={onClose} />
      <Toasts />
    </Provider>,
  );
  return { api, onClose };
}

async function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

describe('Add Token', () => {
  it('has mint, symbol, name, decimals (a number), Is Verified (off until the mint is read), mintDevnet, icon URL, Cancel and Create', () => {
    renderAddToken({});
    for (const label of ['Mint', 'Symbol', 'Name', 'mintDevnet', 'Icon URL']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Decimals')).toHaveAttribute('type', 'number');
    expect(screen.getByRole('switch', { name: 'Is Verified' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    // Nothing can be created before the mint is read from the chain.
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it('reads the mint first: program, decimals filled in, authorities and warnings shown; then creates it', async () => {
    const { api, onClose } = renderAddToken({ [INSPECT]: () => json(200, inspection()), [CREATE]: created });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    const found = await screen.findByTestId('mint-inspection');
    expect(found).toHaveTextContent('SPL Token · 5 decimals');
    expect(found).toHaveTextContent('Freeze authority: Fr33ze');
    expect(found).toHaveTextContent('freeze authority: its owner can freeze');
    expect(new URL(api.callsTo(INSPECT)[0]!.url).searchParams.get('mint')).toBe(MINT);
    expect(screen.getByLabelText('Decimals')).toHaveValue(5);

    await fill({ Symbol: 'BONK', Name: 'Bonk', 'Icon URL': 'https://example.com/bonk.png' });
    // Someone can still freeze it: Verified is off unless the admin vouches for it.
    expect(screen.getByRole('switch', { name: 'Is Verified' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Is Verified' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(api.callsTo(CREATE)[0]!.body)).toEqual({
      mint: MINT,
      symbol: 'BONK',
      name: 'Bonk',
      decimals: 5,
      isVerified: true,
      icon: 'https://example.com/bonk.png',
    });
    expect(await screen.findByText(TOKEN_CREATED)).toBeInTheDocument();
    // The pickers' coin list reloads so the new token shows everywhere.
    await waitFor(() => expect(api.callsTo(COINS)).toHaveLength(1));
  });

  it('requires symbol, name and mint, each refusal next to its field; the icon is optional', async () => {
    const { api } = renderAddToken({ [INSPECT]: () => json(200, inspection()) });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    await screen.findByTestId('mint-inspection');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByLabelText('Symbol')).toHaveAccessibleDescription('Symbol is required');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Icon URL')).toHaveAttribute('aria-invalid', 'false');
    // The first refusal gets the focus (and is scrolled to).
    expect(screen.getByLabelText('Symbol')).toHaveFocus();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('creates without an icon, and with a built-in icon path; a refusal of the icon shows at the icon field', async () => {
    const { api, onClose } = renderAddToken({ [INSPECT]: () => json(200, inspection()), [CREATE]: created });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    await screen.findByTestId('mint-inspection');
    await fill({ Symbol: 'BONK', Name: 'Bonk', 'Icon URL': 'not a url' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByLabelText('Icon URL')).toHaveAccessibleDescription(/^Icon must be an http\(s\) URL or a built-in icon path/);
    expect(screen.getByLabelText('Icon URL')).toHaveFocus();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    api.on(CREATE, () => apiError(400, 'BAD_REQUEST', 'No built-in icon at /api/assets/coins/nope.svg.', { field: 'icon' }));
    await fill({ 'Icon URL': '/api/assets/coins/nope.svg' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByLabelText('Icon URL')).toHaveAccessibleDescription('No built-in icon at /api/assets/coins/nope.svg.'));

    api.on(CREATE, created);
    await fill({ 'Icon URL': '' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(api.callsTo(CREATE).at(-1)!.body)).not.toHaveProperty('icon');
  });

  it('refuses decimals that differ from the chain', async () => {
    const { api } = renderAddToken({ [INSPECT]: () => json(200, inspection()) });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    await screen.findByTestId('mint-inspection');
    await fill({ Symbol: 'BONK', Name: 'Bonk', Decimals: '6', 'Icon URL': 'https://example.com/bonk.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('The mint has 5 decimals on chain')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('a Token-2022 mint with a transfer fee is refused: Create stays disabled', async () => {
    const refusal = 'Token-2022 mints with a transfer fee cannot be listed: escrow amounts would not add up.';
    renderAddToken({
      [INSPECT]: () => json(200, inspection({ program: 'token-2022', transferFee: { basisPoints: 100, maximumFee: '5000' }, extensions: ['TransferFeeConfig'], refusal })),
    });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByTestId('mint-inspection')).toHaveTextContent('Token-2022');
    expect(screen.getByTestId('mint-inspection')).toHaveTextContent('Transfer fee: 1%');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });

  it("says 'Failed to create token' and shows the server's reason when the API refuses", async () => {
    const { onClose } = renderAddToken({
      [INSPECT]: () => json(200, inspection()),
      [CREATE]: () => apiError(409, 'CONFLICT', 'This mint is already listed'),
    });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    await screen.findByTestId('mint-inspection');
    await fill({ Symbol: 'BONK', Name: 'Bonk', 'Icon URL': 'https://example.com/bonk.png' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(FAILED_TO_CREATE_TOKEN)).toBeInTheDocument();
    expect(screen.getByText('This mint is already listed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('turns Verified on by default for a mint nobody can mint or freeze any more', async () => {
    renderAddToken({ [INSPECT]: () => json(200, inspection({ freezeAuthority: null, warnings: [] })) });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    await screen.findByTestId('mint-inspection');
    expect(screen.getByRole('switch', { name: 'Is Verified' })).toBeChecked();
  });

  it('names the listed token a look-alike symbol could be taken for, and lists it only confirmed and under a distinct name', async () => {
    const { api, onClose } = renderAddToken({ [INSPECT]: () => json(200, inspection()), [CREATE]: created });
    await userEvent.type(screen.getByLabelText('Mint'), MINT);
    await userEvent.click(screen.getByRole('button', { name: 'Check mint' }));
    await screen.findByTestId('mint-inspection');
    await fill({ Symbol: 'UЅDC', Name: 'usd coin', Decimals: '5' });
    expect(await screen.findByTestId('lookalike-warning')).toHaveTextContent('USDC (USD Coin, EPjFWdd5…yTDt1v) is already listed with a symbol traders could take for this one.');

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByLabelText('Symbol')).toHaveAccessibleDescription(CONFIRM_LOOKALIKE);
    await userEvent.click(screen.getByRole('checkbox', { name: 'List it beside the listed token, under its own name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(DISTINCT_NAME_NEEDED);
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await fill({ Name: 'Jelly Dollar' });
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(api.callsTo(CREATE)[0]!.body)).toMatchObject({ symbol: 'UЅDC', name: 'Jelly Dollar', confirmLookalikeSymbol: true, isVerified: false });
  });
});
