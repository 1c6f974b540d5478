import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { associatedTokenAddress } from '@jelly/escrow';
import { Keypair, PublicKey, type AccountInfo } from '@solana/web3.js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { connectedWallet } from '../../../test/fakeWallet.ts';
import { apiError, fakeApi, json, type RecordedCall } from '../../../test/fakeApi.ts';
import { renderPlaceOrder } from '../testing/placeOrderHarness.tsx';
import { SIGN_IN_TO_CREATE } from './PlaceOrderPage.tsx';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const COINS = [
  { symbol: 'SOL', name: 'Solana', mint: 'So11111111111111111111111111111111111111112', decimals: 9, isVerified: true, mintDevnet: null, icon: '/sol.svg' },
  { symbol: 'USDC', name: 'USD Coin', mint: USDC_MINT, decimals: 6, isVerified: true, mintDevnet: null, icon: '/usdc.svg' },
  { symbol: 'USDT', name: 'Tether USD', mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', decimals: 6, isVerified: true, mintDevnet: null, icon: '/usdt.svg' },
];
const CURRENCIES = [
  { id: 978, code: 'EUR', name: 'Euro', icon: '/EU.svg', countryCode: 'EU', countryName: 'European Union', digits: 2 },
  { id: 840, code: 'USD', name: 'US Dollar', icon: '/US.svg', countryCode: 'US', countryName: 'United States', digits: 2 },
];
const METHODS = [
  { id: 'sepa', name: 'SEPA' },
  { id: 'revolut', name: 'Revolut' },
  { id: 'wise', name: 'Wise' },
];
const CONFIG = {
  solanaRpcUrl: null,
  solanaWsUrl: null,
  cluster: 'localnet',
  ipLookupUrl: null,
  supportEmail: 's@example.com',
  supportChatUrl: 'https://t.me/x',
  telegramBotUsername: null,
  escrowProgramId: null,
  feePayer: null,
  testFunds: true,
};

function handlers(extra: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}) {
  return fakeApi({
    'GET /api/payments': (call) => json(200, new URL(call.url).searchParams.get('type') === '0' ? METHODS : CURRENCIES),
    'GET /api/platform/coins': () => json(200, COINS),
    'GET /api/platform/countries': () => json(200, [{ code: 'CY', name: 'Cyprus' }, { code: 'GR', name: 'Greece' }]),
    'GET /api/platform/config': () => json(200, CONFIG),
    ...extra,
  });
}

function chainWith(owner: PublicKey, usdcBaseUnits: bigint | null) {
  const data = Buffer.alloc(165);
  new PublicKey(USDC_MINT).toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(usdcBaseUnits ?? 0n, 64);
  const account: AccountInfo<Buffer> = { data, owner: TOKEN_PROGRAM_ID, lamports: 1, executable: false, rentEpoch: 0 };
  const ata = associatedTokenAddress(new PublicKey(USDC_MINT), owner).toBase58();
  return {
    getBalance: vi.fn(async () => 1_000_000_000),
    getAccountInfo: vi.fn(async (address: PublicKey) => (usdcBaseUnits !== null && address.toBase58() === ata ? account : null)),
  };
}

function signedIn(extra: Record<string, (call: RecordedCall) => Response | Promise<Response>> = {}, usdc: bigint | null = 500_000_000n) {
  const user = Keypair.generate();
  const wallet = connectedWallet(user.publicKey.toBase58(), { publicKey: user.publicKey });
  const connection = chainWith(user.publicKey, usdc);
  const view = renderPlaceOrder({ api: handlers(extra), signedInAs: user.publicKey.toBase58(), wallet, connection });
  return { ...view, user, connection };
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function pick(button: RegExp, option: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillSellOffer() {
  fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
  await pick(/^Asset/, /USDC/);
  await pick(/^Currency/, /EUR/);
  fireEvent.change(field('Price'), { target: { value: '0.95' } });
  fireEvent.change(field('Total amount'), { target: { value: '100' } });
  fireEvent.change(field('Minimum limit'), { target: { value: '10' } });
  fireEvent.change(field('Maximum limit'), { target: { value: '80' } });
  fireEvent.click(screen.getByRole('button', { name: /^Payment methods/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'SEPA' }));
  fireEvent.click(screen.getByRole('option', { name: 'Revolut' }));
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
}

describe('create order (/p2p)', () => {
  it('asks a signed-out visitor to connect, with a Connect Wallet button', () => {
    const onConnectWallet = vi.fn();
    renderPlaceOrder({ api: handlers(), onConnectWallet });
    expect(screen.getByText(SIGN_IN_TO_CREATE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create order' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(onConnectWallet).toHaveBeenCalledTimes(1);
  });

  it('starts on Buy, a fixed price of 10 and a 30-minute payment window', async () => {
    signedIn();
    expect(await screen.findByRole('button', { name: 'Buy' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'Fixed' })).toBeChecked();
    expect(field('Price')).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Payment time limit' })).toHaveValue('30');
    expect(screen.getByText('(up to 5 payment methods)')).toBeInTheDocument();
  });

  it('shows every broken rule on submit and sends nothing', async () => {
    const { api } = signedIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Select an asset')).toBeInTheDocument();
    expect(screen.getByText('Select a currency')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount above 0')).toBeInTheDocument();
    expect(screen.getByText('Select at least one payment method')).toBeInTheDocument();
    expect(field('Total amount')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/orders/create-order')).toHaveLength(0);
  });

  it('creates a Sell offer with every field, and opens it', async () => {
    const { api, user } = signedIn({ 'POST /api/orders/create-order': () => json(201, { orderId: 41 }) });
    await screen.findByRole('button', { name: 'Create order' });
    await fillSellOffer();
    expect(await screen.findByTestId('holdings')).toHaveTextContent('Your balance: 500.00 USDC');
    expect(screen.getByRole('button', { name: /^Payment methods/ })).toHaveAccessibleName('Payment methods 2 of 5 selected');

    fireEvent.change(screen.getByRole('combobox', { name: 'Payment time limit' }), { target: { value: '15' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tags' }), { target: { value: 'fast release' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Tags' }), { key: 'Enter' });
    fireEvent.change(field('Description'), { target: { value: 'SEPA Instant only.' } });
    fireEvent.change(field('Auto reply'), { target: { value: 'Hi! Send the payment reference in the chat.' } });
    await pick(/^Regions/, /Cyprus/);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: /^Regions/ })).toHaveAccessibleName('Regions 1 country');
    fireEvent.change(field('Minimum account age (days)'), { target: { value: '7' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByRole('heading', { name: 'Offer page 41' })).toBeInTheDocument();
    expect(screen.getByText('Offer #41 created')).toBeInTheDocument();
    const body = JSON.parse(api.callsTo('POST /api/orders/create-order')[0]!.body);
    expect(body).toEqual({
      parentOrderId: null,
      amount: '100000000',
      minFiatAmount: '10',
      maxFiatAmount: '80',
      status: 0,
      fiatCode: 'EUR',
      tokenMint: USDC_MINT,
      paymentMethodIds: ['sepa', 'revolut'],
      priceType: 'fixed',
      price: '0.95',
      orderSide: 0,
      paymentWindowMinutes: 15,
      visibleInCountries: ['CY'],
      autoReply: 'Hi! Send the payment reference in the chat.',
      orderDescription: 'SEPA Instant only.',
      tags: ['fast release'],
      creatorWallet: user.publicKey.toBase58(),
      acceptorWallet: null,
      tokenDecimal: 6,
      tokenName: 'USDC',
      minUserAccountAgeDays: 7,
      dealStartTime: null,
    });
  });

  it('refuses a Sell offer above the wallet balance', async () => {
    const { api } = signedIn({}, 99_999_999n);
    await screen.findByRole('button', { name: 'Create order' });
    await fillSellOffer();
    expect(await screen.findByText('Insufficient USDC balance to sell 100 USDC', { selector: 'span' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(screen.getAllByText('Insufficient USDC balance to sell 100 USDC')).toHaveLength(2));
    expect(api.callsTo('POST /api/orders/create-order')).toHaveLength(0);

    // a Buy offer needs no holdings
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByText('Insufficient USDC balance to sell 100 USDC', { selector: 'span' })).not.toBeInTheDocument();
  });

  it('prices a floating offer from the live market price with the premium', async () => {
    const { api } = signedIn({
      'GET /api/platform/price-validation': () => json(200, { fiatCode: 'EUR', cryptoSymbol: 'USDC', cryptoPriceUsd: '1', fiatToUsdRate: '0.92', source: 'bundled', asOf: '2026-11-01' }),
      'POST /api/orders/create-order': () => json(201, { orderId: 42 }),
    });
    await screen.findByRole('button', { name: 'Create order' });
    await fillSellOffer();
    fireEvent.click(screen.getByRole('radio', { name: 'Floating' }));
    fireEvent.change(field('Premium (%)'), { target: { value: '2.5' } });
    expect(await screen.findByTestId('floating-price')).toHaveTextContent('Market price 0.92 EUR · your price 0.943 EUR');
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await screen.findByRole('heading', { name: 'Offer page 42' });
    const body = JSON.parse(api.callsTo('POST /api/orders/create-order')[0]!.body);
    expect(body).toMatchObject({ priceType: 'floating', premiumPercent: '2.5' });
    expect(body).not.toHaveProperty('price');
  });

  it('shows the server refusal', async () => {
    signedIn({ 'POST /api/orders/create-order': () => apiError(400, 'VALIDATION_ERROR', 'Unknown payment method.') });
    await screen.findByRole('button', { name: 'Create order' });
    await fillSellOffer();
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Unknown payment method.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create order' })).toBeEnabled();
  });

  it('gets test funds on the embedded localnet and refreshes the balance', async () => {
    let usdc = 0n;
    const user = Keypair.generate();
    const connection = chainWith(user.publicKey, null);
    connection.getAccountInfo.mockImplementation(async (address: PublicKey) => (usdc > 0n ? chainWith(user.publicKey, usdc).getAccountInfo(address) : null));
    const api = handlers({
      'POST /api/platform/dev/faucet': () => {
        usdc = 1_000_000_000n;
        return json(200, { wallet: user.publicKey.toBase58(), sol: '10000000000', tokens: { USDC: '1000000000', USDT: '1000000000' }, signatures: ['sig'] });
      },
    });
    renderPlaceOrder({ api, signedInAs: user.publicKey.toBase58(), wallet: connectedWallet(user.publicKey.toBase58(), { publicKey: user.publicKey }), connection });
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    await pick(/^Asset/, /USDC/);
    expect(await screen.findByTestId('holdings')).toHaveTextContent('Your balance: 0.00 USDC');
    fireEvent.click(await screen.findByRole('button', { name: 'Get test funds' }));
    expect(await screen.findByText('Test funds sent: 10 SOL, 1000 USDC, 1000 USDT')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('holdings')).toHaveTextContent('Your balance: 1,000.00 USDC'));
    expect(JSON.parse(api.callsTo('POST /api/platform/dev/faucet')[0]!.body)).toEqual({ wallet: user.publicKey.toBase58() });
    expect(within(screen.getByRole('form', { name: 'Create order' })).getByRole('button', { name: 'Create order' })).toBeEnabled();
  });

  it('keeps Get test funds disabled, with the reason, on a test cluster the server did not start', async () => {
    const { api } = signedIn({ 'GET /api/platform/config': () => json(200, { ...CONFIG, testFunds: false }) });
    const button = await screen.findByRole('button', { name: 'Get test funds' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      "Test funds are not available on this server: it uses an external Solana cluster, not the embedded localnet. Get test SOL and tokens from that cluster's own faucet.",
    );
    expect(api.callsTo('POST /api/platform/dev/faucet')).toHaveLength(0);
  });

  it('offers no test funds at all on mainnet', async () => {
    signedIn({ 'GET /api/platform/config': () => json(200, { ...CONFIG, cluster: 'mainnet-beta', testFunds: false }) });
    await screen.findByRole('form', { name: 'Create order' });
    expect(screen.queryByRole('button', { name: 'Get test funds' })).toBeNull();
  });

  it("sends a Sell offer's payment details for the methods filled in", async () => {
    const { api } = signedIn({ 'POST /api/orders/create-order': () => json(201, { orderId: 43 }) });
    await screen.findByRole('button', { name: 'Create order' });
    await fillSellOffer();
    const details = screen.getByRole('group', { name: 'Payment details' });
    expect(within(details).getAllByRole('textbox').map((box) => box.getAttribute('maxlength'))).toEqual(['500', '500']);
    fireEvent.change(field('Payment details for SEPA'), { target: { value: '  IBAN DE89 3704 0044 0532 0130 00\nAlice Example ' } });
    fireEvent.change(field('Payment details for Revolut'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    await screen.findByRole('heading', { name: 'Offer page 43' });
    expect(JSON.parse(api.callsTo('POST /api/orders/create-order')[0]!.body).paymentDetails).toEqual([
      { paymentMethodId: 'sepa', details: 'IBAN DE89 3704 0044 0532 0130 00\nAlice Example' },
    ]);
  });

  it('asks a Buy offer for no payment details (its creator is the one who pays)', async () => {
    signedIn();
    await screen.findByRole('button', { name: 'Create order' });
    await fillSellOffer();
    expect(screen.getByRole('group', { name: 'Payment details' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('group', { name: 'Payment details' })).not.toBeInTheDocument();
  });
});
