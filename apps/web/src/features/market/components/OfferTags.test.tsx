import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeOffer } from '../testing/marketHarness.tsx';
import { OfferList } from './OfferList.tsx';

describe('market rows: the offer tags', () => {
  it.each(['table', 'cards'] as const)('shows the tags entered on /p2p in the %s layout', (layout) => {
    // The advertiser's name links to their profile, so the rows need a router.
    render(<OfferList offers={[makeOffer({ tags: ['fast release', 'SEPA only'] })]} myWallet={null} onClaim={() => {}} layout={layout} />, { wrapper: MemoryRouter });
    const tags = within(screen.getByTestId('offer-7')).getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['fast release', 'SEPA only']);
  });

  it('shows no tag list for an offer without tags', () => {
    render(<OfferList offers={[makeOffer({ tags: [] })]} myWallet={null} onClaim={() => {}} layout="table" />, { wrapper: MemoryRouter });
    expect(within(screen.getByTestId('offer-7')).queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });
});
