import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOffer, renderMarket } from '../testing/marketHarness.tsx';
import { OfferList } from './OfferList.tsx';

// The rows need the app's store (their token labels read the coin catalogue) and a router (the advertiser's name
// links to their profile): the market harness gives both.
describe('market rows: the offer tags', () => {
  it.each(['table', 'cards'] as const)('shows the tags entered on /p2p in the %s layout', async (layout) => {
    renderMarket(<OfferList offers={[makeOffer({ tags: ['fast release', 'SEPA only'] })]} myWallet={null} onClaim={() => {}} layout={layout} />);
    const tags = within(await screen.findByTestId('offer-7')).getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['fast release', 'SEPA only']);
  });

  it('shows no tag list for an offer without tags', async () => {
    renderMarket(<OfferList offers={[makeOffer({ tags: [] })]} myWallet={null} onClaim={() => {}} layout="table" />);
    expect(within(await screen.findByTestId('offer-7')).queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });
});
