import { OrderStatus } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { coinsHandler, LIST, listHandler, listPage, makeOffer, makeStats, params, renderDashboard, STATS } from '../testing/dashboardHarness.tsx';

const CANCEL = 'PUT /api/orders/update-offers';
const isAds = (q: Record<string, string>) => q.Kind === 'offers';

function adsApi(offers = () => [makeOffer(), makeOffer({ orderId: 4, offerStatus: 'filled', amount: '0', filledQuantity: '100000000', dealsCount: 5 })]) {
  return fakeApi({
    'GET /api/platform/coins': coinsHandler,
    [STATS]: () => json(200, makeStats()),
    [LIST]: listHandler((q) => listPage(isAds(q) ? offers() : [])),
  });
}

async function renderAds(api = adsApi()) {
  const view = renderDashboard({ api });
  const section = (await screen.findByRole('heading', { name: 'Ad history' })).closest('section')!;
  await within(section).findByTestId('offer-3');
  const last = () => params(api.callsTo(LIST).filter((c) => isAds(params(c))).at(-1)!);
  return { ...view, section, last };
}

describe('ad history', () => {
  it('lists the own offers with available / filled / total and the number of deals', async () => {
    const { section, last } = await renderAds();
    expect(last()).toEqual({ Kind: 'offers', Dir: '1', Page: '1', Size: '8' });
    const active = within(section).getByTestId('offer-3');
    expect(within(active).getByTestId('offer-amounts')).toHaveTextContent('75.00 USDC / 25.00 USDC / 100.00 USDC');
    expect(within(active).getByTestId('offer-deals')).toHaveTextContent('2');
    expect(within(active).getByRole('button', { name: 'Cancel offer' })).toBeInTheDocument();
    const filled = within(section).getByTestId('offer-4');
    expect(within(filled).getByText('Filled')).toBeInTheDocument();
    expect(within(filled).getByTestId('offer-amounts')).toHaveTextContent('0.00 USDC / 100.00 USDC / 100.00 USDC');
    expect(within(filled).queryByRole('button', { name: 'Cancel offer' })).toBeNull();
  });

  it('Asset Type, Type and Status apply on Filter (from page 1); Reset goes back to All', async () => {
    const { section, last } = await renderAds();
    const form = within(section).getByRole('form', { name: 'Ad filters' });
    expect([...within(form).getByLabelText('Asset Type').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All', 'SOL', 'USDC', 'USDT']);
    await userEvent.selectOptions(within(form).getByLabelText('Asset Type'), 'USDT');
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Sell');
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'Cancelled');
    // Nothing is sent before Filter.
    expect(last().OfferStatus).toBeUndefined();
    await userEvent.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(last()).toEqual({ Kind: 'offers', TokenName: 'USDT', Side: '0', OfferStatus: 'cancelled', Dir: '1', Page: '1', Size: '8' }));

    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Buy');
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'Active');
    await userEvent.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(last()).toMatchObject({ Side: '1', OfferStatus: 'active' }));

    await userEvent.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(within(form).getByLabelText('Asset Type')).toHaveValue('All');
    expect(within(form).getByLabelText('Type')).toHaveValue('all');
    expect(within(form).getByLabelText('Status')).toHaveValue('all');
    expect(await within(section).findByTestId('offer-3')).toBeInTheDocument();
  });

  it('Cancel offer asks first, then cancels it and reloads the list', async () => {
    let cancelled = false;
    const api = adsApi(() => [makeOffer(cancelled ? { status: OrderStatus.Cancelled, offerStatus: 'cancelled' } : {})]);
    api.on(CANCEL, () => {
      cancelled = true;
      return json(200, { orderId: 3, status: OrderStatus.Cancelled });
    });
    const { section } = await renderAds(api);
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel offer #3?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep offer' }));
    expect(api.callsTo(CANCEL)).toHaveLength(0);

    await userEvent.click(within(section).getByRole('button', { name: 'Cancel offer' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel offer #3?' })).getByRole('button', { name: 'Cancel offer' }));
    await waitFor(() => expect(api.callsTo(CANCEL)).toHaveLength(1));
    expect(params(api.callsTo(CANCEL)[0]!)).toEqual({ orderId: '3', orderStatus: '4' });
    await waitFor(() => expect(within(within(section).getByTestId('offer-3')).getByText('Cancelled')).toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Cancel offer' })).toBeNull();
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
  });

  it('a refused cancel keeps the offer and says why', async () => {
    const api = adsApi();
    api.on(CANCEL, () => apiError(409, 'CONFLICT', 'Only an Active offer can be cancelled.'));
    const { section } = await renderAds(api);
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel offer #3?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel offer' }));
    expect(await screen.findByText('The offer was not cancelled: Only an Active offer can be cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel offer #3?' })).toBeInTheDocument();
  });
});
