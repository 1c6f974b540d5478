import { RESOLVE_SUBMITTED } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, WALLET_A, WALLET_B } from '../../../test/fakeApi.ts';
import { approval, dossier, OPENED_AT } from '../test/fixtures.ts';
import { ADMIN_WALLET, renderAdmin } from '../test/renderAdmin.tsx';

const DOSSIER = 'GET /api/admin/disputes/42';
const RESOLVE = 'POST /api/admin/orders/42/resolve';
const APPROVALS = 'POST /api/admin/disputes/42/approvals';
const overlays = { overlays: true };
const open = (api: ReturnType<typeof fakeApi>) => renderAdmin('/admin/disputes/42', api, {}, overlays);

describe('dispute dossier', () => {
  it('shows the whole case: deal, timeline with explorer links, chat record with SHA-256, parties, support, window, chat', async () => {
    open(fakeApi({ [DOSSIER]: () => json(200, dossier()) }));
    expect(await screen.findByRole('heading', { name: 'Dispute #42' })).toBeInTheDocument();
    expect(document.title).toBe('Admin · Dispute #42 · Jelly');
    expect(screen.getByTestId('dossier-sla')).toHaveTextContent(/^Open for \d+d \d\d:\d\d:\d\d/);

    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Seller locked 40 USDC')).toBeInTheDocument();
    expect(within(timeline).getByRole('link')).toHaveAttribute('href', expect.stringContaining('https://explorer.solana.com/tx/LockSig111'));

    const attachment = screen.getByTestId('dossier-attachment');
    expect(attachment).toHaveTextContent('receipt.png · image/png · 20 KB');
    expect(attachment).toHaveTextContent(`SHA-256: ${'a'.repeat(64)}`);
    expect(screen.getByText('I paid, here is the receipt')).toBeInTheDocument();

    const buyer = screen.getByRole('region', { name: 'Buyer' });
    expect(within(buyer).getByText(WALLET_B)).toBeInTheDocument();
    expect(within(buyer).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/admin/disputes/7');
    expect(buyer).toHaveTextContent('to the seller');
    expect(screen.getByRole('region', { name: 'Seller' })).toHaveTextContent('9/10');
    expect(screen.getByText(/Payment due by/)).toBeInTheDocument();
    expect(screen.getByText('Chat of deal 42 as admin')).toBeInTheDocument();
    expect(screen.getByTestId('admin-buyer')).toHaveTextContent(WALLET_B);
  });

  it('resolves with the reason written for both parties', async () => {
    const api = fakeApi({
      [DOSSIER]: () => json(200, dossier()),
      [RESOLVE]: () => json(200, { state: 'executed', orderId: 42, status: 6, signature: 'sig', releaseTo: 'buyer', reason: 'Receipt checked with the bank.' }),
    });
    open(api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Receipt checked with the bank.');
    await userEvent.click(screen.getByRole('button', { name: 'Send to Buyer' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Send to Buyer?' })).getByRole('button', { name: 'Release to Buyer' }));
    expect(await screen.findByText(RESOLVE_SUBMITTED)).toBeInTheDocument();
    expect(JSON.parse(api.callsTo(RESOLVE)[0]!.body)).toEqual({ releaseTo: 'buyer', reason: 'Receipt checked with the bank.' });
  });

  it('above the four-eyes amount, another admin approves the waiting request', async () => {
    const api = fakeApi({
      [DOSSIER]: () => json(200, dossier({ fourEyes: { required: true, thresholdFiat: '10', thresholdCurrency: 'USD' }, pendingApproval: approval(WALLET_A) })),
      [APPROVALS]: () => json(200, { approval: approval(WALLET_A, { state: 'approved', decidedBy: ADMIN_WALLET }), resolution: { orderId: 42, status: 6, signature: 'sig', releaseTo: 'seller' } }),
    });
    open(api);
    const panel = await screen.findByRole('region', { name: 'Four-eyes approval' });
    expect(within(panel).getByRole('heading', { name: 'Awaiting a second admin' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('No payment arrived.');
    expect(screen.queryByRole('button', { name: 'Send to Buyer' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Approve: send to the seller' }));
    await waitFor(() => expect(api.callsTo(APPROVALS)).toHaveLength(1));
    expect(JSON.parse(api.callsTo(APPROVALS)[0]!.body)).toEqual({ approvalId: approval(WALLET_A).id, decision: 'approve' });
  });

  it('rejecting needs a note; the requesting admin only sees the request waiting', async () => {
    const api = fakeApi({ [DOSSIER]: () => json(200, dossier({ pendingApproval: approval(WALLET_A) })) });
    open(api);
    const panel = await screen.findByRole('region', { name: 'Four-eyes approval' });
    const reject = within(panel).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Note (required to reject)' }), 'Bank statement missing');
    expect(reject).toBeEnabled();
  });

  it('the requesting admin cannot approve their own request', async () => {
    open(fakeApi({ [DOSSIER]: () => json(200, dossier({ pendingApproval: approval(ADMIN_WALLET) })) }));
    const panel = await screen.findByRole('region', { name: 'Four-eyes approval' });
    expect(panel).toHaveTextContent('Another admin must approve it before it runs.');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows who received the tokens and why once resolved', async () => {
    open(
      fakeApi({
        [DOSSIER]: () =>
          json(200, dossier({ resolution: { releaseTo: 'seller', reason: 'No payment arrived.', resolvedBy: WALLET_A, approvedBy: ADMIN_WALLET, resolvedAt: OPENED_AT, signature: 'sig' } })),
      }),
    );
    expect(await screen.findByTestId('dossier-resolution')).toHaveTextContent('Sent to the seller by');
    expect(screen.getByTestId('dossier-resolution')).toHaveTextContent('“No payment arrived.”');
  });

  it('Ban seller opens Ban user with the wallet filled in', async () => {
    open(fakeApi({ [DOSSIER]: () => json(200, dossier()) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ban seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban user' });
    expect(within(dialog).getByRole('textbox', { name: 'Wallet' })).toHaveValue(WALLET_A);
  });

  it('opens the deal chat in a dialog (admin chat preview), from which a party can be banned', async () => {
    open(fakeApi({ [DOSSIER]: () => json(200, dossier()), 'GET /api/chat/rooms/42/messages': () => json(200, []) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open the chat in a dialog' }));
    const preview = await screen.findByRole('dialog', { name: 'Chat of deal #42' });
    await userEvent.click(within(preview).getByRole('button', { name: 'Ban buyer' }));
    expect(within(await screen.findByRole('dialog', { name: 'Ban user' })).getByRole('textbox', { name: 'Wallet' })).toHaveValue(WALLET_B);
  });

  it('says so when there is no such deal', async () => {
    open(fakeApi({ [DOSSIER]: () => apiError(404, 'NOT_FOUND', 'No deal') }));
    expect(await screen.findByRole('heading', { name: 'Dispute not found' })).toBeInTheDocument();
  });
});
