import { PROVIDE_A_REASON } from '@jelly/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { listItem, listPage, ME, params, renderCoinJelly, SOLANA_COINS } from '../testing/coinJellyHarness.tsx';
import { format } from 'date-fns';
import { pretendPhone } from '../../../test/renderApp.tsx';
import { dayOfThisMonth, pickDateRange } from '../../../test/pickDateRange.ts';
import { TXID_REQUIRED } from '../model/updateJelly.ts';

const USER_LIST = 'GET /api/coin-jelly/user-orders';
const HISTORY = 'GET /api/coin-jelly/jelly-history';

function listApi() {
  return fakeApi({
    'GET /api/coin-jelly/coins': () => json(200, { data: SOLANA_COINS }),
    [USER_LIST]: () => listPage([listItem()], 45),
    [HISTORY]: () => listPage([listItem({ id: 9, newUserCrypto: 'BTC', newUserCryptoChain: 'Bitcoin' })], 45),
    'GET /api/admin/coin-jelly/queue': () => json(200, { orders: [], deposits: [], awaitingUser: [] }),
  });
}

beforeAll(async () => {
  await import('./UpdateJellyModal.tsx');
  await import('./FilterCoinJellyModal.tsx');
}, 30_000);

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('Coin Jelly lists', () => {
  it('asks for page 1 of 20, sortBy 0, dir 1, with Asset and Status left out for All', async () => {
    const api = listApi();
    renderCoinJelly('/coin-jelly', api);
    await screen.findByTestId('jelly-row');
    expect(params(api.callsTo(USER_LIST).at(-1)!)).toEqual({ Page: '1', Size: '20', SortBy: '0', Dir: '1', userWallet: ME });
  });

  it('every filter change goes back to page 1; the end date is sent one day later', async () => {
    const api = listApi();
    renderCoinJelly('/coin-jelly', api);
    const list = (await screen.findByRole('region', { name: 'My Coin Jelly orders' }));
    const last = () => params(api.callsTo(USER_LIST).at(-1)!);
    const nextPage = async () => {
      await userEvent.click(within(list).getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(last().Page).toBe('2'));
    };

    await nextPage();
    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Status: '1' }));

    await nextPage();
    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Asset Type' }), 'USDT');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Asset: 'USDT' }));

    await nextPage();
    // The app's range picker (yyyy-MM-dd); the end goes out one day later (an exclusive end).
    const { from } = await pickDateRange(list, 1, 20);
    const dayAfterTo = format(dayOfThisMonth(21), 'yyyy-MM-dd');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', DateFrom: from, DateTo: dayAfterTo }));

    await nextPage();
    fireEvent.change(within(list).getByRole('searchbox', { name: 'Search wallet' }), { target: { value: ' 9xQe ' } });
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', SearchWallet: '9xQe' }));
    expect(within(list).getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('phones: the filters open in the filterCoinJelly modal, a change there resets to page 1, Reset clears them', async () => {
    pretendPhone();
    const api = listApi();
    renderCoinJelly('/coin-jelly', api);
    const list = await screen.findByRole('region', { name: 'My Coin Jelly orders' });
    expect(within(list).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    const last = () => params(api.callsTo(USER_LIST).at(-1)!);
    // Next is disabled until the first page's answer says how many pages there are: wait for it before clicking.
    await within(list).findByText('Page 1 of 3');
    await userEvent.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));

    await userEvent.click(within(list).getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter Coin Jelly' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Asset Type' }), 'SOL');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Asset: 'SOL' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    // Back to the first query, whose answer is still cached.
    expect(within(dialog).getByRole('combobox', { name: 'Asset Type' })).toHaveValue('All');
    expect(within(list).getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog', { name: 'Filter Coin Jelly' })).not.toBeInTheDocument();
  });

  it('a list that fails to load shows as empty', async () => {
    const api = listApi();
    api.on(USER_LIST, () => apiError(500, 'INTERNAL_ERROR', 'boom'));
    renderCoinJelly('/coin-jelly', api);
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('the admin history reads the same filters under its own names', async () => {
    const api = listApi();
    renderCoinJelly('/admin/coin-jelly', api, { admin: true });
    const list = await screen.findByRole('region', { name: 'Jelly history' });
    await within(list).findByTestId('jelly-row');
    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Status' }), 'Failed');
    await waitFor(() => expect(params(api.callsTo(HISTORY).at(-1)!)).toEqual({ page: '1', size: '20', sortBy: '0', dir: '1', status: '2' }));
  });
});

describe('Update Jelly', () => {
  async function openUpdateFromList() {
    const list = await screen.findByRole('region', { name: 'Jelly history' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Update' }));
    return screen.findByRole('dialog', { name: 'Update Jelly' });
  }

  async function openUpdate(api = listApi()) {
    renderCoinJelly('/admin/coin-jelly', api, { admin: true });
    return { api, dialog: await openUpdateFromList() };
  }

  it('shows the id read-only and needs a reason for Failed and a txID for Completed', async () => {
    const { api, dialog } = await openUpdate();
    expect(within(dialog).getByRole('textbox', { name: 'Id' })).toHaveValue('9');
    expect(within(dialog).getByRole('textbox', { name: 'Id' })).toHaveAttribute('readonly');
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['Processing', 'Completed', 'Failed']);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Failed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByText(PROVIDE_A_REASON)).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Completed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(within(dialog).getByText(TXID_REQUIRED)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/update-jelly')).toHaveLength(0);
  });

  it('sends id, txID, status and reason; a refusal stays in the modal; Cancel closes it', async () => {
    const api = listApi();
    api.on('PATCH /api/admin/update-jelly', () => apiError(400, 'BAD_REQUEST', 'This is not a Bitcoin txID'));
    const { dialog } = await openUpdate(api);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Failed');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Recipient unreachable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('This is not a Bitcoin txID')).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('PATCH /api/admin/update-jelly')[0]!.body)).toEqual({ id: 9, txID: '', status: 2, reason: 'Recipient unreachable' });

    api.on('PATCH /api/admin/update-jelly', () => json(200, { ok: true }));
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'Completed');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'txID' }), 'a'.repeat(64));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Jelly' })).not.toBeInTheDocument());
    expect(JSON.parse(api.callsTo('PATCH /api/admin/update-jelly')[1]!.body)).toEqual({ id: 9, txID: 'a'.repeat(64), status: 1 });

    const again = await openUpdateFromList();
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Update Jelly' })).not.toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/update-jelly')).toHaveLength(2);
  });
});
