import type { OverdueItem } from '@jelly/contracts';
import { countByKind } from '@jelly/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { renderAdmin } from '../test/renderAdmin.tsx';

const OVERDUE = 'GET /api/admin/overdue';

const item = (overrides: Partial<OverdueItem>): OverdueItem => ({
  kind: 'deal_admin_resolving',
  ref: '41',
  label: 'Deal #41',
  waitsFor: "An admin's decision on the disputed deal.",
  wayOut: 'An admin releases the tokens to the buyer or refunds the seller from the dispute dossier.',
  owner: 'admin',
  since: '2026-11-21T10:00:00.000Z',
  deadline: '2026-11-22T10:00:00.000Z',
  link: '/admin/disputes/41',
  notifiedAt: '2026-11-22T10:01:00.000Z',
  ...overrides,
});

const answer = (data: OverdueItem[]) => () =>
  json(200, { at: '2026-11-22T12:00:00.000Z', data, counts: countByKind(data.map((d) => d.kind)), total: data.length });

describe('the Overdue section', () => {
  it('lists each late record with what it waits for, who must act and a link to act from', async () => {
    const send = item({ kind: 'platform_send', ref: 'sig', label: 'Platform send jelly_payout for #7', waitsFor: 'A transaction a platform key signed to become final.', owner: 'chain', link: '/admin/coin-jelly' });
    renderAdmin('/admin/overdue', fakeApi({ [OVERDUE]: answer([item({}), send]) }));
    const table = await screen.findByRole('table', { name: 'Overdue' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("An admin's decision on the disputed deal.");
    expect(rows[0]).toHaveTextContent('an admin');
    expect(within(rows[0]!).getByRole('link', { name: 'Deal #41' })).toHaveAttribute('href', '/admin/disputes/41');
    expect(rows[1]).toHaveTextContent('the chain');
    expect(within(rows[1]!).getByRole('link', { name: 'Platform send jelly_payout for #7' })).toHaveAttribute('href', '/admin/coin-jelly');
    expect(screen.getByRole('heading', { name: 'Overdue (2)' })).toBeInTheDocument();
  });

  it('says so when nothing is late', async () => {
    renderAdmin('/admin/overdue', fakeApi({ [OVERDUE]: answer([]) }));
    expect(await screen.findByText('Nothing waits past its deadline.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Overdue' })).not.toBeInTheDocument();
  });
});
