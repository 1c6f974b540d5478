import type { OrderDetails } from '@jelly/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayoutWaitBanner, REFUND_WAITING, TOKENS_WAITING } from './PayoutWaitBanner.tsx';

const SELLER = 'Se11er1111111111111111111111111111111111111';
const BUYER = 'Buyer111111111111111111111111111111111111111';
// A Sell offer (offerSide 0): its creator is the seller (crypto side), the claimer the buyer.
const deal = (recipient: 'buyer' | 'seller' | null) =>
  ({
    orderId: 7,
    offerSide: 0,
    creatorWallet: SELLER,
    acceptorWallet: BUYER,
    tokenName: 'USDC',
    waitingForAccount: recipient ? { recipient, mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', since: '2026-11-21T10:00:00.000Z' } : null,
  }) as unknown as OrderDetails;

function show(recipient: 'buyer' | 'seller' | null, viewer: string | null) {
  const onReceive = vi.fn();
  render(<PayoutWaitBanner deal={deal(recipient)} viewer={viewer} busy={false} disabled={false} onReceive={onReceive} />);
  return onReceive;
}

describe('the waiting-payout banner', () => {
  it('gives the seller of a waiting refund its one button', async () => {
    const onReceive = show('seller', SELLER);
    expect(screen.getByRole('heading', { name: REFUND_WAITING })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect(onReceive).toHaveBeenCalledTimes(1);
  });

  it('gives the buyer of a waiting release the same shape', () => {
    show('buyer', BUYER);
    expect(screen.getByRole('heading', { name: TOKENS_WAITING })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Receive' })).toBeInTheDocument();
  });

  it.each([
    ['the other party', SELLER],
    ['an admin', 'Adm1n111111111111111111111111111111111111111'],
  ])('tells %s calmly that it waits for the buyer, with no button', (_who, viewer) => {
    show('buyer', viewer);
    expect(screen.getByTestId('payout-wait')).toHaveTextContent('The tokens wait in escrow for the buyer to open their USDC account');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing when nothing waits', () => {
    show(null, SELLER);
    expect(screen.queryByTestId('payout-wait')).not.toBeInTheDocument();
  });
});
