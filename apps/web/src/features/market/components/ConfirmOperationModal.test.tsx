import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { ACCOUNT_DISCRIMINATORS, associatedTokenAddress, findConfigPda, INSTRUCTION_DISCRIMINATORS, PROGRAM_ID } from '@jelly/escrow';
import type { MarketOffer } from '@jelly/contracts';
import { Keypair, PublicKey, Transaction, type AccountInfo, type VersionedTransaction } from '@solana/web3.js';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { connectedWallet } from '../../../test/fakeWallet.ts';
import { apiError, fakeApi, json, type RecordedCall } from '../../../test/fakeApi.ts';
import { makeOffer, renderMarket, USDC_MINT } from '../testing/marketHarness.tsx';

const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const admin = Keypair.generate();
const CONFIG = {
  solanaRpcUrl: null,
  solanaWsUrl: null,
  cluster: 'localnet',
  ipLookupUrl: null,
  supportEmail: 'support@example.com',
  supportChatUrl: 'https://t.me/example',
  telegramBotUsername: null,
  escrowProgramId: PROGRAM_ID.toBase58(),
  feePayer: admin.publicKey.toBase58(),
  testFunds: true,
};

/** The escrow Config account with a fee of `feeBps` (not the default 25, so the screen must read the chain). */
function configAccount(feeBps: number): AccountInfo<Buffer> {
  const data = Buffer.alloc(83);
  Buffer.from(ACCOUNT_DISCRIMINATORS.Config).copy(data, 0);
  admin.publicKey.toBuffer().copy(data, 8);
  admin.publicKey.toBuffer().copy(data, 40);
  data.writeUInt16LE(feeBps, 80);
  return { data, owner: PROGRAM_ID, lamports: 1, executable: false, rentEpoch: 0 };
}

function tokenAccount(owner: PublicKey, amount: bigint): AccountInfo<Buffer> {
  const data = Buffer.alloc(165);
  new PublicKey(USDC_MINT).toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data[108] = 1;
  return { data, owner: TOKEN_PROGRAM_ID, lamports: 2_039_280, executable: false, rentEpoch: 0 };
}

interface Setup {
  offer?: MarketOffer;
  lamports?: number;
  tokens?: bigint;
  feeBps?: number;
  handlers?: Record<string, (call: RecordedCall) => Response | Promise<Response>>;
  paymentDetails?: { paymentMethodId: string; details: string }[];
}

function setup({ offer = makeOffer(), lamports = 5_000_000, tokens = 0n, feeBps = 30, handlers = {}, paymentDetails }: Setup = {}) {
  const user = Keypair.generate();
  const accounts = new Map<string, AccountInfo<Buffer>>([
    [findConfigPda(PROGRAM_ID)[0].toBase58(), configAccount(feeBps)],
    [associatedTokenAddress(new PublicKey(USDC_MINT), user.publicKey).toBase58(), tokenAccount(user.publicKey, tokens)],
  ]);
  const connection = {
    getBalance: vi.fn(async () => lamports),
    getAccountInfo: vi.fn(async (address: PublicKey) => accounts.get(address.toBase58()) ?? null),
    getLatestBlockhash: vi.fn(async () => ({ blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: 99 })),
  };
  const wallet = connectedWallet(user.publicKey.toBase58(), {
    publicKey: user.publicKey,
    signTransaction: async <T extends Transaction | VersionedTransaction>(tx: T) => {
      (tx as Transaction).partialSign(user);
      return tx;
    },
  });
  const api = fakeApi({
    'GET /api/platform/config': () => json(200, CONFIG),
    'GET /api/platform/price-validation': () => apiError(404, 'NOT_FOUND', 'no price'),
    'GET /api/platform/countries': () => json(200, [{ code: 'CY', name: 'Cyprus' }, { code: 'GR', name: 'Greece' }]),
    ...handlers,
  });
  const view = renderMarket(<p>market</p>, { api, signedInAs: user.publicKey.toBase58(), wallet, connection });
  act(() => {
    const claim = modalPushed('confirmOrder', { offer });
    view.store.dispatch(claim);
    view.store.dispatch(modalPushed('confirmOperation', { offer, amount: '40', claimModalId: claim.payload.id, ...(paymentDetails ? { paymentDetails } : {}) }));
  });
  return { ...view, user, connection, wallet };
}

const row = (label: string) => within(screen.getByRole('dialog', { name: 'Confirm Operation' })).getByText(label, { selector: 'dt' }).nextElementSibling;
const confirmOperation = () => screen.getByRole('button', { name: 'Confirm Operation' });

// The modal stack loads these lazily; load them once up front so the tests time the screens, not the first import.
beforeAll(async () => {
  await import('./ConfirmOperationModal.tsx');
  await import('./ClaimOfferModal.tsx');
}, 30_000);

describe('Confirm Operation modal', () => {
  it('shows Type, Asset, Currency, Amount, Price, Order Limit, the on-chain fee and the Payment Time Limit', async () => {
    setup();
    await screen.findByRole('dialog', { name: 'Confirm Operation' });
    expect(row('Type')).toHaveTextContent('Buy');
    expect(row('Asset')).toHaveTextContent('USDC');
    expect(row('Currency')).toHaveTextContent('EUR');
    expect(row('Amount')).toHaveTextContent('40 USDC');
    expect(row('Price')).toHaveTextContent('0.95 EUR');
    expect(row('Order Limit')).toHaveTextContent('10.00 - 80.00 EUR');
    expect(row('Payment Time Limit')).toHaveTextContent('30 min');
    // fee_bps 30 from the Config account: 40 × 0.3% = 0.12
    await waitFor(() => expect(row('Estimated Fee')).toHaveTextContent('0.12 USDC (0.3%)'));
  });

  it('shows the fiat total and what each side sends and receives after the fee, and who pays it', async () => {
    setup();
    await screen.findByRole('dialog', { name: 'Confirm Operation' });
    // 40 × 0.95: the same figure Claim Offer estimated and the deal will ask
    expect(row('Total')).toHaveTextContent('38.00 EUR');
    await waitFor(() => expect(row('You')).toHaveTextContent('You pay 38.00 EUR · you receive 39.88 USDC (fee 0.12 USDC, 0.3%)'));
    expect(row('Seller')).toHaveTextContent('The seller sends 40 USDC · receives 38.00 EUR');
    expect(row('Fee Paid By')).toHaveTextContent('The buyer, out of the USDC they receive');
  });

  it('for a Buy offer the claimer sends the tokens and the offer creator pays the fee', async () => {
    setup({ offer: makeOffer({ offerSide: 1, minFiatAmount: '0', maxFiatAmount: '0' }) });
    await screen.findByRole('dialog', { name: 'Confirm Operation' });
    await waitFor(() => expect(row('You')).toHaveTextContent('You send 40 USDC · you receive 38.00 EUR'));
    expect(row('Buyer')).toHaveTextContent('The buyer pays 38.00 EUR · receives 39.88 USDC (fee 0.12 USDC, 0.3%)');
    expect(row('Order Limit')).toHaveTextContent('No limit');
  });

  it('claims a floating offer at the price shown; when it moved, shows the new total and claims at that', async () => {
    const prices = [
      { fiatCode: 'EUR', cryptoSymbol: 'USDC', cryptoPriceUsd: '1', fiatToUsdRate: '0.92', source: 'bundled', asOf: '2030-01-01T00:00:00.000Z' },
      { fiatCode: 'EUR', cryptoSymbol: 'USDC', cryptoPriceUsd: '1', fiatToUsdRate: '0.93', source: 'bundled', asOf: '2030-01-01T00:01:00.000Z' },
    ];
    let lookups = 0;
    let claims = 0;
    const { api } = setup({
      offer: makeOffer({ priceType: 'floating', premiumPercent: '0', price: '0.9' }),
      handlers: {
        'GET /api/platform/price-validation': () => json(200, prices[Math.min(lookups++, 1)]),
        'POST /api/orders/create-order': () =>
          ++claims === 1
            ? apiError(409, 'CONFLICT', 'The price has changed to 0.93 EUR per USDC: this claim now comes to 37.20 EUR. Check the new total and confirm again.')
            : json(201, { orderId: 56 }),
      },
    });
    await waitFor(() => expect(row('Total')).toHaveTextContent('36.80 EUR'));
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByText(/The price has changed to 0\.93 EUR per USDC/)).toBeInTheDocument();
    // The refused claim refetches the live price: the modal now shows what the deal would ask.
    await waitFor(() => expect(row('Total')).toHaveTextContent('37.20 EUR'));
    expect(row('Price')).toHaveTextContent('0.93 EUR');
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByRole('heading', { name: 'Deal 56' })).toBeInTheDocument();
    const bodies = api.callsTo('POST /api/orders/create-order').map((c) => JSON.parse(c.body) as { quotedPrice: string });
    expect(bodies.map((b) => b.quotedPrice)).toEqual(['0.92', '0.93']);
  });

  it('has collapsible Payment Method, Available Region(s) and Description with a 100-character preview', async () => {
    const description = 'x'.repeat(100) + 'THE REST';
    setup({ offer: makeOffer({ orderDescription: description, visibleInCountries: ['CY', 'GR'] }) });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Operation' });

    const methods = within(dialog).getByRole('button', { name: /Payment Method/ });
    expect(methods).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).getByText('2 methods')).toBeInTheDocument();
    fireEvent.click(methods);
    expect(methods).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByText('SEPA')).toBeInTheDocument();
    expect(within(dialog).getByText('Revolut')).toBeInTheDocument();

    expect(within(dialog).getByText('2 countries')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /Available Region\(s\)/ }));
    expect(await within(dialog).findByText('Cyprus')).toBeInTheDocument();
    expect(within(dialog).getByText('Greece')).toBeInTheDocument();

    expect(within(dialog).getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
    expect(within(dialog).queryByText(description)).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: /Description/ }));
    expect(within(dialog).getByText(description)).toBeInTheDocument();
  });

  it('refuses a wallet without 0.001 SOL before creating anything', async () => {
    const { api } = setup({ lamports: 999_999 });
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByText('You need at least 0.001 SOL to pay fees. Please top up your SOL balance.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/create-order')).toHaveLength(0);
    expect(confirmOperation()).toBeEnabled();
  });

  it('claims a Sell offer: creates the deal, confirms, and opens the deal chat', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api, user, store } = setup({ handlers: { 'POST /api/orders/create-order': () => new Promise<Response>((r) => (answer = r)) } });
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await waitFor(() => expect(api.callsTo('POST /api/orders/create-order')).toHaveLength(1));
    expect(JSON.parse(api.callsTo('POST /api/orders/create-order')[0]!.body)).toEqual({
      parentOrderId: 7,
      amount: '40000000',
      acceptorWallet: user.publicKey.toBase58(),
      quotedPrice: '0.95',
    });
    answer(json(201, { orderId: 55 }));
    expect(await screen.findByRole('heading', { name: 'Deal 55' })).toBeInTheDocument();
    expect(screen.getByText('Operation confirmed successfully!')).toBeInTheDocument();
    expect(store.getState().modals.stack).toEqual([]);
    expect(api.callsTo('POST /api/platform/admin/sign-and-send')).toHaveLength(0);
  });

  it('shows the server refusal and stays open', async () => {
    setup({ handlers: { 'POST /api/orders/create-order': () => apiError(409, 'CONFLICT', 'Amount exceeds available balance') } });
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByText('Amount exceeds available balance')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm Operation' })).toBeInTheDocument();
    expect(confirmOperation()).toBeEnabled();
  });

  it('refuses to sell more tokens than the wallet holds', async () => {
    const { api } = setup({ offer: makeOffer({ offerSide: 1 }), tokens: 39_999_999n });
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByText('Insufficient USDC balance to sell 40 USDC')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/create-order')).toHaveLength(0);
  });

  it('claims a Buy offer and locks the tokens in the same step, through the co-signer', async () => {
    const offer = makeOffer({ offerSide: 1, totalAmount: '150000000' });
    const deal = { ...offer, orderId: 55, parentOrderId: 7, acceptorWallet: null as string | null, amount: '40000000', totalAmount: '40000000', fiatAmountCents: '3800', status: 1, ticketId: 55, parentOffer: offer };
    const details = [{ paymentMethodId: 'revolut', details: '@sam-seller' }];
    const { api, user } = setup({
      offer,
      tokens: 40_000_000n,
      paymentDetails: details,
      handlers: {
        'POST /api/orders/create-order': () => json(201, { orderId: 55 }),
        'GET /api/orders/55': () => json(200, { ...deal, acceptorWallet: user.publicKey.toBase58() }),
        'POST /api/platform/admin/sign-and-send': () => json(200, { signature: 'sig', orderId: 55, status: 8, kind: 'lock', alreadyProcessed: false }),
      },
    });
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByRole('heading', { name: 'Deal 55' })).toBeInTheDocument();
    // The seller's payment details from Claim Offer travel with the claim itself.
    expect(JSON.parse(api.callsTo('POST /api/orders/create-order')[0]!.body)).toMatchObject({ parentOrderId: 7, amount: '40000000', paymentDetails: details });

    const sent = Transaction.from(Buffer.from((JSON.parse(api.callsTo('POST /api/platform/admin/sign-and-send')[0]!.body) as { transaction: string }).transaction, 'base64'));
    expect(sent.feePayer?.toBase58()).toBe(admin.publicKey.toBase58());
    expect(sent.instructions).toHaveLength(1);
    const lock = sent.instructions[0]!;
    expect(lock.programId.toBase58()).toBe(PROGRAM_ID.toBase58());
    expect([...lock.data.subarray(0, 8)]).toEqual([...INSTRUCTION_DISCRIMINATORS.accept_offer_and_lock]);
    const data = Buffer.from(lock.data);
    expect(data.readBigUInt64LE(8)).toBe(7n); // order id = the offer
    expect(data.readBigUInt64LE(16)).toBe(55n); // ticket id = the deal
    expect(data.readBigUInt64LE(24)).toBe(40_000_000n); // crypto amount
    expect(data.readBigUInt64LE(32)).toBe(3800n); // fiat cents, as the server computed them
    expect(data[40]).toBe(0); // a Buy offer
    expect(new PublicKey(data.subarray(41, 73)).toBase58()).toBe(offer.creatorWallet); // creator
    expect(new PublicKey(data.subarray(73, 105)).toBase58()).toBe(offer.creatorWallet); // fiat side = the creator
    expect(data.readBigUInt64LE(105)).toBe(150_000_000n); // the offer's total
    expect(lock.keys[1]!.pubkey.toBase58()).toBe(user.publicKey.toBase58()); // the claimer locks
    expect(sent.signatures.find((s) => s.publicKey.equals(user.publicKey))?.signature).not.toBeNull();
    expect(sent.signatures.find((s) => s.publicKey.equals(admin.publicKey))?.signature).toBeNull();
    expect(screen.getByText('Operation confirmed successfully!')).toBeInTheDocument();
  });

  it('cancels the new deal when the lock is refused, and says why', async () => {
    const offer = makeOffer({ offerSide: 1 });
    const { api } = setup({
      offer,
      tokens: 40_000_000n,
      handlers: {
        'POST /api/orders/create-order': () => json(201, { orderId: 55 }),
        'GET /api/orders/55': () => json(200, { ...offer, orderId: 55, parentOrderId: 7, amount: '40000000', fiatAmountCents: '3800', status: 1, ticketId: 55, parentOffer: offer }),
        'POST /api/platform/admin/sign-and-send': () => apiError(409, 'CONFLICT', 'Invalid amount - exceeds available.'),
        'PUT /api/orders/update-offers': () => json(200, { orderId: 55, status: 4 }),
      },
    });
    await waitFor(() => expect(confirmOperation()).toBeEnabled());
    fireEvent.click(confirmOperation());
    expect(await screen.findByText('Error: Invalid amount - exceeds available.')).toBeInTheDocument();
    const cancel = api.callsTo('PUT /api/orders/update-offers');
    expect(cancel).toHaveLength(1);
    expect(Object.fromEntries(new URL(cancel[0]!.url).searchParams)).toEqual({ orderId: '55', orderStatus: '4' });
    expect(screen.getByRole('dialog', { name: 'Confirm Operation' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deal 55' })).not.toBeInTheDocument();
  });
});
