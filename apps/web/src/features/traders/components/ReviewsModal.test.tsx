import { NO_MORE_REVIEWS, NO_REVIEWS_YET, shortenWallet } from '@jelly/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { makeReview, renderTraders, reviewsHandler, WALLET_A, WALLET_C } from '../testing/tradersHarness.tsx';

const REVIEWS = `GET /api/rating/${WALLET_A}/reviews`;

beforeAll(async () => {
  await import('./ReviewsModal.tsx');
});

function openReviews(api: ReturnType<typeof fakeApi>) {
  const view = renderTraders(<p>screen</p>, { api, at: '/screen' });
  act(() => {
    view.store.dispatch(modalPushed('reviews', { wallet: WALLET_A }));
  });
  return view;
}

/** Scrolls the list so that `remaining` px are left below the visible part (jsdom has no layout). */
function scrollToRemaining(list: HTMLElement, remaining: number) {
  const scrollHeight = 2000;
  const clientHeight = 400;
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(list, 'scrollTop', { configurable: true, value: scrollHeight - clientHeight - remaining });
  fireEvent.scroll(list);
}

describe('Reviews modal', () => {
  it('shows the trader, then each review: reviewer, stars, date, comment and Deal ID', async () => {
    const api = fakeApi({
      [REVIEWS]: () => json(200, { reviews: [makeReview(1, { score: 4, comment: 'Quick and friendly', dealId: 42 })], total: 1, averageScore: 4 }),
    });
    openReviews(api);
    const dialog = await screen.findByRole('dialog', { name: 'Reviews' });
    expect(within(dialog).getByTestId('reviews-wallet')).toHaveTextContent(shortenWallet(WALLET_A));
    const review = await within(dialog).findByTestId('review');
    expect(review).toHaveTextContent(shortenWallet(WALLET_C));
    expect(within(review).getByRole('img', { name: 'Rating: 4 out of 5 stars' })).toBeInTheDocument();
    expect(review).toHaveTextContent('2026-11-20');
    expect(review).toHaveTextContent('Quick and friendly');
    expect(review).toHaveTextContent('Deal ID: #42');
    expect(within(dialog).getByText(NO_MORE_REVIEWS)).toBeInTheDocument();
  });

  it("loads 20 at a time, the next 20 only when scrolled within 50 px of the end, then says there are no more", async () => {
    const calls: { skip: number; take: number }[] = [];
    openReviews(fakeApi({ [REVIEWS]: reviewsHandler(45, calls) }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews' });
    await waitFor(() => expect(within(dialog).getAllByTestId('review')).toHaveLength(20));
    expect(calls).toEqual([{ skip: 0, take: 20 }]);
    expect(within(dialog).queryByText(NO_MORE_REVIEWS)).not.toBeInTheDocument();

    const list = within(dialog).getByTestId('reviews-scroll');
    scrollToRemaining(list, 51);
    expect(calls).toHaveLength(1);

    scrollToRemaining(list, 50);
    await waitFor(() => expect(within(dialog).getAllByTestId('review')).toHaveLength(40));
    expect(calls).toEqual([{ skip: 0, take: 20 }, { skip: 20, take: 20 }]);

    scrollToRemaining(list, 0);
    await waitFor(() => expect(within(dialog).getAllByTestId('review')).toHaveLength(45));
    expect(await within(dialog).findByText(NO_MORE_REVIEWS)).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('review').at(-1)).toHaveTextContent('Review number 45');

    // Nothing more to ask for at the end.
    scrollToRemaining(list, 0);
    expect(calls).toHaveLength(3);
  });

  it("says 'No reviews yet' for a trader without reviews", async () => {
    openReviews(fakeApi({ [REVIEWS]: reviewsHandler(0) }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews' });
    expect(await within(dialog).findByText(NO_REVIEWS_YET)).toBeInTheDocument();
    expect(within(dialog).queryByText(NO_MORE_REVIEWS)).not.toBeInTheDocument();
  });

  it('shows skeletons while the first page loads', async () => {
    let answer: (response: Response) => void = () => {};
    openReviews(fakeApi({ [REVIEWS]: () => new Promise<Response>((resolve) => (answer = resolve)) }));
    const dialog = await screen.findByRole('dialog', { name: 'Reviews' });
    expect(await within(dialog).findByRole('status', { name: 'Loading reviews' })).toBeInTheDocument();
    expect(within(dialog).queryByText(NO_REVIEWS_YET)).not.toBeInTheDocument();
    answer(json(200, { reviews: [makeReview(1)], total: 1, averageScore: 5 }));
    expect(await within(dialog).findByTestId('review')).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'Loading reviews' })).not.toBeInTheDocument();
  });
});
