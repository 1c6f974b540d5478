import { shortenWallet } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { makeStats, renderTraders, reviewsHandler, WALLET_A, WALLET_B } from '../testing/tradersHarness.tsx';
import { TraderProfilePage } from './TraderProfilePage.tsx';

const STATS = 'GET /api/platform/trading-stats/' + WALLET_A;
const NOW = () => new Date('2026-11-25T12:00:00.000Z');

beforeAll(async () => {
  // The modal stack loads these lazily; load them once up front.
  await import('../components/ReviewsModal.tsx');
  await import('../components/ReportUserModal.tsx');
  await import('../components/BlockUserModal.tsx');
});

function profile(options: { signedInAs?: string | null; api?: ReturnType<typeof fakeApi>; wallet?: string; onConnectWallet?: () => void } = {}) {
  const api = options.api ?? fakeApi({ [STATS]: () => json(200, makeStats()) });
  return renderTraders(<TraderProfilePage now={NOW} onConnectWallet={options.onConnectWallet} />, {
    api,
    signedInAs: options.signedInAs ?? null,
    at: `/trader/${options.wallet ?? WALLET_A}`,
  });
}

describe('trader profile', () => {
  it('shows the shortened wallet, the stats and the average with half stars, titled by the wallet', async () => {
    profile();
    expect(await screen.findByTestId('stat-completed')).toHaveTextContent('12');
    expect(screen.getByTestId('trader-wallet')).toHaveTextContent(shortenWallet(WALLET_A));
    expect(screen.getByTestId('trader-wallet')).toHaveAttribute('title', WALLET_A);
    expect(document.title).toBe(`Trader ${shortenWallet(WALLET_A)} · Jelly`);
    expect(screen.getByTestId('stat-completed-30d')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-completion-rate')).toHaveTextContent('80%');
    expect(screen.getByTestId('stat-release')).toHaveTextContent('7 min');
    expect(screen.getByTestId('stat-payment')).toHaveTextContent('3 min');
    expect(screen.getByTestId('stat-positive')).toHaveTextContent('87.5%');
    expect(screen.getByTestId('stat-account-age')).toHaveTextContent('10 months');
    expect(screen.getByTestId('stat-first-trade')).toHaveTextContent('2026-02-03');

    const stars = screen.getByRole('img', { name: 'Average rating: 4.5 out of 5 stars' });
    expect([...stars.querySelectorAll('[data-fill]')].map((s) => s.getAttribute('data-fill'))).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(screen.getByTestId('rating-average')).toHaveTextContent('4.5');
  });

  it('rounds the average to the nearest half star', async () => {
    profile({ api: fakeApi({ [STATS]: () => json(200, makeStats({ ratingAverage: 3.2 })) }) });
    const stars = await screen.findByRole('img', { name: 'Average rating: 3.2 out of 5 stars' });
    expect([...stars.querySelectorAll('[data-fill]')].map((s) => s.getAttribute('data-fill'))).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it('opens the Reviews modal from the reviews count', async () => {
    const api = fakeApi({ [STATS]: () => json(200, makeStats()), [`GET /api/rating/${WALLET_A}/reviews`]: reviewsHandler(8) });
    profile({ api });
    await userEvent.click(await screen.findByRole('button', { name: '8 reviews' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews' });
    expect(within(dialog).getByTestId('reviews-wallet')).toHaveTextContent(shortenWallet(WALLET_A));
    await waitFor(() => expect(within(dialog).getAllByTestId('review')).toHaveLength(8));
  });

  it('shows loading placeholders until the stats arrive', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({ [STATS]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    profile({ api });
    expect(await screen.findByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    answer(json(200, makeStats()));
    expect(await screen.findByTestId('stat-completed')).toHaveTextContent('12');
    expect(screen.queryByRole('status', { name: 'Loading profile' })).not.toBeInTheDocument();
  });

  it('offers Retry after a failed load and shows the stats once it works', async () => {
    let fail = true;
    const api = fakeApi({ [STATS]: () => (fail ? apiError(503, 'UNAVAILABLE', 'down') : json(200, makeStats())) });
    profile({ api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The trader's stats could not be loaded.");
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('stat-completed')).toHaveTextContent('12');
  });

  it('says the trader is not found for a link that is not a wallet, without asking the server', async () => {
    const { api } = profile({ wallet: 'not-a-wallet' });
    expect(await screen.findByRole('heading', { name: 'Trader not found' })).toBeInTheDocument();
    expect(document.title).toBe('Trader not found · Jelly');
    expect(api.calls.filter((c) => c.path.includes('trading-stats'))).toEqual([]);
  });

  it('shows an empty state for a wallet that never traded', async () => {
    const empty = makeStats({
      completedDeals: 0, finishedDeals: 0, cancelledDeals: 0, completionRate: null, openDeals: 0, buyDeals: 0, sellDeals: 0,
      avgReleaseSeconds: null, activeOffers: 0, accountCreatedAt: null, completedDeals30d: 0, completionRate30d: null,
      avgPaymentSeconds: null, positiveFeedbackPercent: null, reviewsCount: 0, ratingAverage: null, firstTradeAt: null,
    });
    profile({ api: fakeApi({ [STATS]: () => json(200, empty) }) });
    expect(await screen.findByText('This wallet has not traded on Jelly yet.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-completion-rate')).toHaveTextContent('—');
    expect(screen.getByTestId('stat-first-trade')).toHaveTextContent('—');
    expect(screen.getByTestId('rating-average')).toHaveTextContent('No rating yet');
    expect(screen.getByRole('button', { name: '0 reviews' })).toBeInTheDocument();
  });

  it('offers Report and Block to a signed-in visitor, opening their modals for this wallet', async () => {
    profile({ signedInAs: WALLET_B });
    const actions = await screen.findByRole('group', { name: 'Trader actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block user' });
    expect(within(dialog).getByLabelText('Wallet')).toHaveValue(WALLET_A);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(actions).getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report user' })).toBeInTheDocument();
  });

  it('hides Report and Block on your own profile', async () => {
    profile({ signedInAs: WALLET_A });
    expect(await screen.findByText('This is your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to connect instead of offering Report and Block', async () => {
    const onConnectWallet = vi.fn();
    profile({ onConnectWallet });
    expect(await screen.findByText('Connect your wallet to report or block this trader.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(onConnectWallet).toHaveBeenCalledOnce();
  });

  it('copies the full wallet address', async () => {
    const user = userEvent.setup();
    profile();
    await user.click(await screen.findByRole('button', { name: 'Copy wallet address' }));
    expect(await navigator.clipboard.readText()).toBe(WALLET_A);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});
