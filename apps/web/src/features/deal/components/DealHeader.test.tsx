import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import type { OrderDetails } from '@jelly/contracts';
import { dealActions, OfferSide, OrderStatus, PROCESSING } from '@jelly/domain';
import { Keypair } from '@solana/web3.js';
import { render as rtlRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BUYER, SELLER, sellDeal } from '../testing/dealTestKit.tsx';
import { DealHeader } from './DealHeader.tsx';
import { formatTimeLeft } from '../../../lib/time/countdown.ts';

const SUPPORT = 'Support Request';
const CANCEL = 'Cancel Deal';
const LOCK = 'Lock';
const PAID = 'Mark as Paid';
const STRANGER = Keypair.generate().publicKey.toBase58();

// The counterparty is a link to its profile, so the header renders inside a router.
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: MemoryRouter });

function buttons(deal: OrderDetails, viewer: string | null): string[] {
  const view = render(
    <DealHeader deal={deal} viewer={viewer} summary={undefined} actions={dealActions(deal, viewer)} busy={null} onAction={() => {}} />,
  );
  const names = within(screen.getByRole('group', { name: 'Deal actions' }))
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '');
  view.unmount();
  return names;
}

const S = OrderStatus;
// The deal's button rules. Sell offer: creator = crypto side, acceptor = fiat side. Buy offer: the reverse.
const SELL_TABLE: [OrderStatus, string[], string[]][] = [
  [S.InProgress, [SUPPORT, CANCEL, LOCK], [SUPPORT, CANCEL]],
  [S.CryptoGuyLockedCrypto, [SUPPORT], [SUPPORT, CANCEL, PAID]],
  [S.SignedByOneParty, [SUPPORT, PAID], [SUPPORT]],
  [S.Completed, [], []],
  [S.Cancelled, [], []],
  [S.AdminResolving, [], []],
  [S.AdminResolved, [], []],
  [S.Expired, [], []],
];
const BUY_TABLE: [OrderStatus, string[], string[]][] = [
  [S.InProgress, [SUPPORT, CANCEL], [SUPPORT, CANCEL]],
  [S.CryptoGuyLockedCrypto, [SUPPORT, CANCEL, PAID], [SUPPORT]],
  [S.SignedByOneParty, [SUPPORT], [SUPPORT, PAID]],
  [S.Completed, [], []],
  [S.Cancelled, [], []],
  [S.AdminResolving, [], []],
];

describe('deal header buttons per role and status', () => {
  it.each(SELL_TABLE)('Sell offer, status %i: creator sees %j, acceptor sees %j, others nothing', (status, creator, acceptor) => {
    const deal = sellDeal({ status });
    expect(buttons(deal, SELLER.publicKey.toBase58())).toEqual(creator);
    expect(buttons(deal, BUYER.publicKey.toBase58())).toEqual(acceptor);
    expect(buttons(deal, STRANGER)).toEqual([]);
    expect(buttons(deal, null)).toEqual([]);
  });

  it.each(BUY_TABLE)('Buy offer, status %i: creator sees %j, acceptor sees %j', (status, creator, acceptor) => {
    // Buy offer: BUYER created it (fiat side), SELLER claimed it (crypto side, locked while claiming).
    const deal = sellDeal({ status, offerSide: OfferSide.Buy, creatorWallet: BUYER.publicKey.toBase58(), acceptorWallet: SELLER.publicKey.toBase58() });
    expect(buttons(deal, BUYER.publicKey.toBase58())).toEqual(creator);
    expect(buttons(deal, SELLER.publicKey.toBase58())).toEqual(acceptor);
  });
});

describe('deal header content', () => {
  it('shows the counterparty, the trades line, the figures and the status', () => {
    const deal = sellDeal();
    render(
      <DealHeader
        deal={deal}
        viewer={SELLER.publicKey.toBase58()}
        summary={{ disputes: 12, accountCreatedAt: '2025-03-14T00:00:00.000Z', disputesOpened: 1, reviewsCount: 2, completedDeals: 12 }}
        actions={dealActions(deal, SELLER.publicKey.toBase58())}
        busy={null}
        onAction={() => {}}
      />,
    );
    const buyer = BUYER.publicKey.toBase58();
    expect(screen.getByTestId('deal-counterparty')).toHaveTextContent(`${buyer.slice(0, 8)}…${buyer.slice(-6)}`);
    expect(screen.getByTestId('deal-counterparty')).toHaveAttribute('title', buyer);
    expect(screen.getByRole('link', { name: `${buyer.slice(0, 8)}…${buyer.slice(-6)}` })).toHaveAttribute('href', `/trader/${buyer}`);
    expect(screen.getByText(buyer.slice(0, 2))).toBeInTheDocument();
    expect(screen.getByTestId('deal-counterparty-trades')).toHaveTextContent('12 Trades | Mar 2025');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sell USDC');
    expect(screen.getByTestId('deal-amount')).toHaveTextContent('40.00 USDC');
    expect(screen.getByTestId('deal-fiat-amount')).toHaveTextContent('36.80 EUR');
    expect(screen.getByTestId('deal-status')).toHaveTextContent('In Progress');
    expect(screen.getByTestId('deal-countdown').textContent).toMatch(/^(30:00|29:5\d)$/);
  });

  it("reads the completed trades from the summary, '1 Trade' in the singular", () => {
    const deal = sellDeal();
    const seller = SELLER.publicKey.toBase58();
    const summary = { disputes: 7, accountCreatedAt: '2024-11-02T00:00:00.000Z', disputesOpened: 0, reviewsCount: 0, completedDeals: 1 };
    render(<DealHeader deal={deal} viewer={seller} summary={summary} actions={dealActions(deal, seller)} busy={null} onAction={() => {}} />);
    expect(screen.getByTestId('deal-counterparty-trades')).toHaveTextContent(/^1 Trade \| Nov 2024$/);
  });

  it('offers Report and Block of the counterparty to a party, and to nobody else', async () => {
    const deal = sellDeal();
    const seller = SELLER.publicKey.toBase58();
    const onReport = vi.fn();
    const onBlock = vi.fn();
    const view = render(
      <DealHeader deal={deal} viewer={seller} summary={undefined} actions={dealActions(deal, seller)} busy={null} onAction={() => {}} onReport={onReport} onBlock={onBlock} />,
    );
    const group = screen.getByRole('group', { name: 'Counterparty actions' });
    await userEvent.click(within(group).getByRole('button', { name: 'Report' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Block' }));
    expect(onReport).toHaveBeenCalledWith(BUYER.publicKey.toBase58());
    expect(onBlock).toHaveBeenCalledWith(BUYER.publicKey.toBase58());
    view.unmount();

    render(
      <DealHeader deal={deal} viewer={STRANGER} summary={undefined} actions={dealActions(deal, STRANGER)} busy={null} onAction={() => {}} onReport={onReport} onBlock={onBlock} />,
    );
    expect(screen.queryByRole('group', { name: 'Counterparty actions' })).not.toBeInTheDocument();
  });

  it('prints the deal number once for a viewer who is no party (an admin)', () => {
    const deal = sellDeal();
    render(<DealHeader deal={deal} viewer={STRANGER} summary={undefined} actions={dealActions(deal, STRANGER)} busy={null} onAction={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Deal #${deal.orderId}`);
  });

  it('counts down only while In Progress or Locked', () => {
    const deal = sellDeal({ status: OrderStatus.SignedByOneParty });
    render(<DealHeader deal={deal} viewer={null} summary={undefined} actions={dealActions(deal, null)} busy={null} onAction={() => {}} />);
    expect(screen.queryByTestId('deal-countdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('deal-status')).toHaveTextContent('Signed By One Party');
  });

  it("says so when the payment time is up", () => {
    const deal = sellDeal({ paymentDeadline: new Date(Date.now() - 1000).toISOString() });
    render(<DealHeader deal={deal} viewer={null} summary={undefined} actions={dealActions(deal, null)} busy={null} onAction={() => {}} />);
    expect(screen.getByTestId('deal-countdown')).toHaveTextContent('Payment time is up');
  });

  it("reads 'Processing...' on the busy action and disables every action", async () => {
    const deal = sellDeal();
    const onAction = vi.fn();
    const seller = SELLER.publicKey.toBase58();
    const { rerender } = render(
      <DealHeader deal={deal} viewer={seller} summary={undefined} actions={dealActions(deal, seller)} busy={null} onAction={onAction} />,
    );
    await userEvent.click(screen.getByRole('button', { name: LOCK }));
    expect(onAction).toHaveBeenCalledWith('lock');
    rerender(<DealHeader deal={deal} viewer={seller} summary={undefined} actions={dealActions(deal, seller)} busy="lock" onAction={onAction} />);
    expect(screen.getByRole('button', { name: PROCESSING })).toBeDisabled();
    expect(screen.getByRole('button', { name: CANCEL })).toBeDisabled();
    expect(screen.queryByRole('button', { name: LOCK })).not.toBeInTheDocument();
  });
});

describe('formatTimeLeft', () => {
  it('formats minutes and seconds, hours when needed, and never goes below zero', () => {
    expect(formatTimeLeft(29 * 60_000 + 5_000)).toBe('29:05');
    expect(formatTimeLeft(59_001)).toBe('01:00');
    expect(formatTimeLeft(3 * 3_600_000 + 61_000)).toBe('3:01:01');
    expect(formatTimeLeft(-5_000)).toBe('00:00');
  });
});
