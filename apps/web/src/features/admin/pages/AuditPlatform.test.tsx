import type { PlatformFigures } from '@jelly/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, WALLET_A } from '../../../test/fakeApi.ts';
import { ADMIN_WALLET, renderAdmin } from '../test/renderAdmin.tsx';
import { formatDuration } from './PlatformPage.tsx';

const AUDIT = 'GET /api/admin/audit';

describe('audit log', () => {
  it('shows who, when, what, before / after, transaction and reason, and filters by action', async () => {
    const api = fakeApi({
      [AUDIT]: () =>
        json(200, {
          data: [
            { id: '1', actor: ADMIN_WALLET, action: 'ban', subject: WALLET_A, orderId: null, before: null, after: { until: '2030-01-01' }, txSignature: null, reason: 'Scam', at: '2026-11-25T10:00:00.000Z' },
            { id: '2', actor: ADMIN_WALLET, action: 'resolve_to_seller', subject: null, orderId: 42, before: { status: 5 }, after: { status: 6 }, txSignature: 'ResolveSig111', reason: 'No payment', at: '2026-11-25T09:00:00.000Z' },
          ],
          total: 2,
          page: 1,
          size: 20,
        }),
    });
    renderAdmin('/admin/audit', api);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, ban, resolve] = within(table).getAllByRole('row');
    expect(ban).toHaveTextContent('ban');
    expect(ban).toHaveTextContent('{"until":"2030-01-01"}');
    expect(ban).toHaveTextContent('Scam');
    expect(resolve).toHaveTextContent('#42');
    expect(within(resolve!).getByRole('link')).toHaveAttribute('href', expect.stringContaining('/tx/ResolveSig111'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'ban');
    await waitFor(() => expect(api.callsTo(AUDIT)).toHaveLength(2));
    expect(new URL(api.callsTo(AUDIT)[1]!.url).searchParams.get('action')).toBe('ban');
  });
});

describe('platform', () => {
  const figures: PlatformFigures = {
    at: '2026-11-25T08:00:00.000Z',
    feePayer: { address: 'Fee', lamports: '2500000000', runwayDays: 41.7 },
    desk: null,
    adminSpend24h: { feeLamports: '150000', rentLamports: '-50000', totalLamports: '100000' },
    openDisputes: 3,
    flaggedDeals: 1,
    dealsToday: 12,
    volumeToday: [{ symbol: 'USDC', mint: 'm', decimals: 6, amount: '1250000000' }],
    medianReleaseSeconds: 1500,
  };

  it('shows the morning figures', async () => {
    renderAdmin('/admin/platform', fakeApi({ 'GET /api/admin/platform': () => json(200, figures) }));
    const list = await screen.findByLabelText('Platform figures');
    const value = (label: string) => within(list).getByText(label).nextElementSibling?.textContent;
    expect(value('Fee payer balance')).toBe('2.50 SOL · ~41 days');
    expect(value('Desk balance')).toBe('No desk');
    expect(value('Open disputes')).toBe('3');
    expect(value('Deals today')).toBe('12');
    expect(value('Volume today')).toBe('1250.00 USDC');
    expect(value('Median release time (30 days)')).toBe('25 min');
    expect(value('Admin spend, last 24 h')).toContain('rent -');
  });

  it.each([
    [null, '—'],
    [59, '1 min'],
    [1500, '25 min'],
    [5400, '1 h 30 min'],
  ])('median %s s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
