import {
  FAILED_TO_BLOCK_USER,
  FAILED_TO_SUBMIT_REPORT,
  PROVIDE_A_REASON,
  REPORT_SUBMITTED,
  USER_BLOCKED,
} from '@jelly/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKET_OFFERS_TAG } from '../../../lib/api/sharedTags.ts';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { tradersApi } from '../api/tradersApi.ts';
import { renderTraders, WALLET_A, WALLET_B } from '../testing/tradersHarness.tsx';

beforeAll(async () => {
  await import('./ReportUserModal.tsx');
  await import('./BlockUserModal.tsx');
});

function open(kind: 'reportUser' | 'banUserSimple', api: ReturnType<typeof fakeApi>) {
  const view = renderTraders(<p>screen</p>, { api, signedInAs: WALLET_B, at: '/screen' });
  act(() => {
    view.store.dispatch(modalPushed(kind, { wallet: WALLET_A }));
  });
  return view;
}

describe('Report user', () => {
  it('keeps Submit disabled while the comment is blank and says why', async () => {
    const api = fakeApi();
    open('reportUser', api);
    const dialog = await screen.findByRole('dialog', { name: 'Report user' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Comment'), '   ');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PROVIDE_A_REASON);
    expect(api.callsTo('POST /api/rating')).toEqual([]);
  });

  it("sends score 0 and dealId null with the trimmed comment, toasts 'Report submitted' and closes", async () => {
    const api = fakeApi({ 'POST /api/rating': () => json(201, { id: 'x1', kind: 'report' }) });
    open('reportUser', api);
    const dialog = await screen.findByRole('dialog', { name: 'Report user' });
    await userEvent.type(within(dialog).getByLabelText('Comment'), '  Asked me to pay outside the escrow  ');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(REPORT_SUBMITTED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Report user' })).not.toBeInTheDocument();
    const [call] = api.callsTo('POST /api/rating');
    expect(JSON.parse(call?.body ?? '')).toEqual({ toWallet: WALLET_A, score: 0, comment: 'Asked me to pay outside the escrow', dealId: null });
  });

  it("toasts 'Failed to submit report' and stays open when the server refuses", async () => {
    const api = fakeApi({ 'POST /api/rating': () => apiError(409, 'CONFLICT', "You've already sent this request.") });
    open('reportUser', api);
    const dialog = await screen.findByRole('dialog', { name: 'Report user' });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Rude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(FAILED_TO_SUBMIT_REPORT)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report user' })).toBeInTheDocument();
  });
});

describe('Block user', () => {
  it("shows the wallet read-only and refuses a blank reason with 'Please provide a reason'", async () => {
    const api = fakeApi();
    open('banUserSimple', api);
    const dialog = await screen.findByRole('dialog', { name: 'Block user' });
    const wallet = within(dialog).getByLabelText('Wallet');
    expect(wallet).toHaveValue(WALLET_A);
    expect(wallet).toHaveAttribute('readonly');
    await userEvent.type(within(dialog).getByLabelText('Reason'), '  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PROVIDE_A_REASON);
    expect(api.callsTo('POST /api/user-bans/ban')).toEqual([]);
  });

  it("sends bannedWallet and reason, toasts 'User blocked successfully' and refetches the market listing", async () => {
    const api = fakeApi({
      'POST /api/user-bans/ban': () => json(201, { bannedWallet: WALLET_A, created: true }),
      'GET /api/platform/all-new-offers': () => json(200, { data: [], total: 0, totalCount: 0, page: 1, size: 10 }),
    });
    // Stands for the market's listing: any query that provides the shared market tag.
    const probe = tradersApi.injectEndpoints({
      endpoints: (build) => ({ marketProbe: build.query<unknown, void>({ query: () => '/platform/all-new-offers', providesTags: [MARKET_OFFERS_TAG] }) }),
      overrideExisting: true,
    });
    const view = open('banUserSimple', api);
    const subscription = view.store.dispatch(probe.endpoints.marketProbe.initiate());
    await waitFor(() => expect(api.callsTo('GET /api/platform/all-new-offers')).toHaveLength(1));

    const dialog = await screen.findByRole('dialog', { name: 'Block user' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Scam attempt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText(USER_BLOCKED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Block user' })).not.toBeInTheDocument();
    expect(JSON.parse(api.callsTo('POST /api/user-bans/ban')[0]?.body ?? '')).toEqual({ bannedWallet: WALLET_A, reason: 'Scam attempt' });
    await waitFor(() => expect(api.callsTo('GET /api/platform/all-new-offers')).toHaveLength(2));
    subscription.unsubscribe();
  });

  it("toasts 'Failed to block user' and stays open when the server refuses", async () => {
    const api = fakeApi({ 'POST /api/user-bans/ban': () => apiError(400, 'BAD_REQUEST', 'You cannot block yourself') });
    open('banUserSimple', api);
    const dialog = await screen.findByRole('dialog', { name: 'Block user' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(FAILED_TO_BLOCK_USER)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Block user' })).toBeInTheDocument();
  });
});
