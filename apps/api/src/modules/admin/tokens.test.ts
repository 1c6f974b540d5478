// Listing a token against the localnet: the mint is read from the chain; the icon is fetched once and kept locally.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminPaths, type AdminToken, type AuditResponse, type Coin, type NewCoinResponse, type TokenInspection } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createInitializeMintInstruction,
  createInitializeTransferFeeConfigInstruction,
  AuthorityType,
  createMint,
  getMintLen,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  setAuthority,
} from '@solana/spl-token';
import { Keypair, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, dealRow, getOrder, lockInstruction, offer, submit, trader, userTransaction } from '../../../test/helpers/deal-fixtures.ts';
import { lookupWith } from '../../../test/helpers/outbound.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { ICON_MAX_BYTES, PLACEHOLDER_ICON, iconAddressRefused, noBuiltInIcon } from './fetch-icon.ts';
import { FREEZE_AUTHORITY_WARNING, MINT_AUTHORITY_WARNING, MINT_NOT_FOUND, TRANSFER_FEE_REFUSED } from './inspect-mint.ts';
import { lookalikeNameRefused, lookalikeSymbolRefused } from './token-lookalike.ts';
import { TOKEN_ALREADY_LISTED, decimalsMismatch } from './token-writes.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
/**
 * The icon server listens on 127.0.0.1. The app reaches it only under this made-up name, which the allow-list names
 * and the test resolver points at 127.0.0.1; the same server by IP or as localhost stays out of reach.
 */
const ICON_HOST = 'icons.example.test';
const adminWallet = createChainWallet();
let t: ChainTestApp;
let admin: Session;
let payer: Keypair;
let icons: Server;
let iconBase: string;
let iconPort: number;
let iconHits = 0;

beforeAll(async () => {
  t = await createChainTestApp({
    config: { adminWallets: new Set([adminWallet.address]), outbound: { allow: [ICON_HOST], lookup: lookupWith({ [ICON_HOST]: ['127.0.0.1'] }) } },
  });
  admin = await session(t.app, adminWallet);
  payer = Keypair.generate();
  await t.chain.localnet.faucet(payer.publicKey, { sol: 10_000_000_000n, usdc: 0n });
  icons = createServer((request, response) => {
    iconHits += 1;
    if (request.url === '/coin.png') response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (request.url === '/page.html') response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    else if (request.url?.startsWith('/redirect?to=')) response.writeHead(302, { location: decodeURIComponent(request.url.slice('/redirect?to='.length)) }).end();
    else if (request.url === '/huge.png') response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES)]));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => icons.listen(0, '127.0.0.1', resolve));
  iconPort = (icons.address() as AddressInfo).port;
  iconBase = `http://${ICON_HOST}:${iconPort}`;
});
afterAll(async () => {
  await new Promise((resolve) => icons.close(resolve));
  await t.close();
});

const splMint = (decimals: number, freeze = true) =>
  createMint(t.chain.connection, payer, payer.publicKey, freeze ? payer.publicKey : null, decimals, Keypair.generate(), { commitment: 'confirmed' });

async function transferFeeMint(): Promise<string> {
  const mint = Keypair.generate();
  const space = getMintLen([ExtensionType.TransferFeeConfig]);
  const lamports = await t.chain.connection.getMinimumBalanceForRentExemption(space);
  const tx = new Transaction().add(
    SystemProgram.createAccount({ fromPubkey: payer.publicKey, newAccountPubkey: mint.publicKey, space, lamports, programId: TOKEN_2022_PROGRAM_ID }),
    createInitializeTransferFeeConfigInstruction(mint.publicKey, payer.publicKey, payer.publicKey, 150, 5_000_000n, TOKEN_2022_PROGRAM_ID),
    createInitializeMintInstruction(mint.publicKey, 6, payer.publicKey, null, TOKEN_2022_PROGRAM_ID),
  );
  await sendAndConfirmTransaction(t.chain.connection, tx, [payer, mint], { commitment: 'confirmed' });
  return mint.publicKey.toBase58();
}

const inspect = async (mint: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api${adminPaths.tokenInspect}?mint=${mint}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenInspection>();
};
const create = (payload: object) => t.app.inject({ method: 'POST', url: `/api${adminPaths.newCoin}`, headers: admin.headers, payload });
const coins = async () => (await t.app.inject({ method: 'GET', url: '/api/platform/coins' })).json<Coin[]>();

describe('listing a token', () => {
  it('lists a good SPL mint: decimals and authorities read from the chain, icon stored locally, in /platform/coins, tradable through the escrow', async () => {
    const mint = (await splMint(6)).toBase58();
    const seen = await inspect(mint);
    expect(seen).toMatchObject({
      exists: true,
      program: 'spl-token',
      decimals: 6,
      mintAuthority: payer.publicKey.toBase58(),
      freezeAuthority: payer.publicKey.toBase58(),
      transferFee: null,
      refusal: null,
      alreadyListed: false,
    });
    expect(seen.warnings).toEqual([FREEZE_AUTHORITY_WARNING, MINT_AUTHORITY_WARNING]);

    const hitsBefore = iconHits;
    const response = await create({ mint, symbol: 'JLY', name: 'Jelly Test', decimals: 6, icon: `${iconBase}/coin.png` });
    expect(response.statusCode, response.body).toBe(200);
    const { token, warnings } = response.json<NewCoinResponse>();
    expect(iconHits).toBe(hitsBefore + 1);
    expect(warnings).toEqual([FREEZE_AUTHORITY_WARNING, MINT_AUTHORITY_WARNING]);
    // Someone can still mint and freeze it: not Verified unless the admin says so.
    expect(token).toMatchObject({ mint, symbol: 'JLY', decimals: 6, isVerified: false, disabled: false, mintDevnet: null });
    expect(token.icon).toMatch(new RegExp(`^/api/platform/token-icons/${mint}-[0-9a-f]{12}\\.png$`));
    const icon = await t.app.inject({ method: 'GET', url: token.icon });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(PNG)).toBe(true);
    expect(iconHits).toBe(hitsBefore + 1); // served from our copy, never hotlinked
    expect((await coins()).find((c) => c.mint === mint)).toEqual({ symbol: 'JLY', name: 'Jelly Test', mint, decimals: 6, isVerified: false, mintDevnet: null, icon: token.icon });
    expect(errorOf(await create({ mint, symbol: 'JLY', name: 'Again', decimals: 6, icon: `${iconBase}/coin.png` }))).toMatchObject({ status: 409, message: TOKEN_ALREADY_LISTED });

    // a seller offers it, a buyer claims, the seller locks it in the escrow
    const seller = await trader(t);
    const buyer = await trader(t);
    const mintKey = new PublicKey(mint);
    const ata = await getOrCreateAssociatedTokenAccount(t.chain.connection, payer, mintKey, seller.key);
    await mintTo(t.chain.connection, payer, mintKey, ata.address, payer, 5_000_000n);
    const offerId = await offer(t, seller, 0, 5_000_000n, { tokenMint: mint, tokenName: 'JLY', tokenDecimal: 6 });
    const dealId = await claim(t, buyer, offerId, 5_000_000n);
    const deal = await getOrder(t.app, seller, dealId);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.CryptoGuyLockedCrypto);

    const audit = (await t.app.inject({ method: 'GET', url: `/api${adminPaths.audit}?subject=${mint}`, headers: admin.headers })).json<AuditResponse>();
    expect(audit.data).toEqual([expect.objectContaining({ action: 'token_added', actor: adminWallet.address, before: null })]);
    expect(audit.data[0]!.after).toMatchObject({ mint, symbol: 'JLY', iconSource: `${iconBase}/coin.png`, program: 'spl-token' });
  });

  it('refuses wrong decimals, an unknown mint and a Token-2022 mint with a transfer fee; nothing is listed', async () => {
    const mint = (await splMint(9, false)).toBase58();
    expect((await inspect(mint)).warnings).toEqual([MINT_AUTHORITY_WARNING]);
    expect(errorOf(await create({ mint, symbol: 'NINE', name: 'Nine', decimals: 6, icon: `${iconBase}/coin.png` }))).toMatchObject({ status: 400, message: decimalsMismatch(9) });

    const unknown = Keypair.generate().publicKey.toBase58();
    expect(await inspect(unknown)).toMatchObject({ exists: false, program: null, refusal: MINT_NOT_FOUND });
    expect(errorOf(await create({ mint: unknown, symbol: 'NOPE', name: 'Nope', decimals: 6, icon: `${iconBase}/coin.png` }))).toMatchObject({ status: 400, message: MINT_NOT_FOUND });

    const feeMint = await transferFeeMint();
    const seen = await inspect(feeMint);
    expect(seen).toMatchObject({ exists: true, program: 'token-2022', decimals: 6, transferFee: { basisPoints: 150, maximumFee: '5000000' }, refusal: TRANSFER_FEE_REFUSED });
    expect(seen.extensions).toContain('TransferFeeConfig');
    expect(errorOf(await create({ mint: feeMint, symbol: 'FEE', name: 'Fee', decimals: 6, icon: `${iconBase}/coin.png` }))).toMatchObject({ status: 400, message: TRANSFER_FEE_REFUSED });

    const listed = (await coins()).map((c) => c.mint);
    for (const refused of [mint, unknown, feeMint]) expect(listed).not.toContain(refused);
  });

  it('refuses (400) an icon URL on loopback, by IP, by name or through a redirect, before any byte is fetched; nothing is listed', async () => {
    const mint = (await splMint(6)).toBase58();
    const loopback = `http://127.0.0.1:${iconPort}/coin.png`;
    const hitsBefore = iconHits;
    expect(errorOf(await create({ mint, symbol: 'LOOP', name: 'Loopback', decimals: 6, icon: loopback }))).toMatchObject({
      status: 400,
      message: iconAddressRefused({ host: '127.0.0.1', address: '127.0.0.1', kind: 'loopback' }),
    });
    expect(iconHits).toBe(hitsBefore);
    const byName = errorOf(await create({ mint, symbol: 'LOOP', name: 'Loopback', decimals: 6, icon: `http://localhost:${iconPort}/coin.png` }));
    expect(byName).toMatchObject({ status: 400, message: expect.stringMatching(/^The icon URL leads to localhost \(.+\), a loopback address; icons are fetched only from public addresses\.$/) });
    expect(iconHits).toBe(hitsBefore);

    // an allowed host whose answer redirects to loopback: the redirect is refused, the image never fetched
    const redirected = await create({ mint, symbol: 'LOOP', name: 'Loopback', decimals: 6, icon: `${iconBase}/redirect?to=${encodeURIComponent(loopback)}` });
    expect(errorOf(redirected)).toMatchObject({ status: 400, message: iconAddressRefused({ host: '127.0.0.1', address: '127.0.0.1', kind: 'loopback' }) });
    expect(iconHits).toBe(hitsBefore + 1);
    expect((await coins()).map((c) => c.mint)).not.toContain(mint);


    // listed with a good icon, then an edit to a loopback icon is refused and changes nothing
    const listed = await create({ mint, symbol: 'LOOP', name: 'Loopback', decimals: 6, icon: `${iconBase}/coin.png` });
    expect(listed.statusCode, listed.body).toBe(200);
    const icon = listed.json<NewCoinResponse>().token.icon;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api${adminPaths.token(mint)}`, headers: admin.headers, payload: { icon: loopback, name: 'Renamed' } });
    expect(errorOf(patched)).toMatchObject({ status: 400, message: iconAddressRefused({ host: '127.0.0.1', address: '127.0.0.1', kind: 'loopback' }) });
    expect((await coins()).find((c) => c.mint === mint)).toMatchObject({ icon, name: 'Loopback' });
  });

  it('the icon is optional (the placeholder, no warning) and a built-in icon path is kept as it is; an unknown one is refused for its field', async () => {
    const hitsBefore = iconHits;
    const bare = (await splMint(6)).toBase58();
    const none = await create({ mint: bare, symbol: 'NOI', name: 'No Icon', decimals: 6 });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<NewCoinResponse>().token.icon).toBe(PLACEHOLDER_ICON);
    expect(none.json<NewCoinResponse>().warnings).not.toContain('The icon could not be fetched; a placeholder is shown instead.');
    expect((await create({ mint: (await splMint(6)).toBase58(), symbol: 'EMP', name: 'Empty', decimals: 6, icon: '' })).statusCode).toBe(200);

    const builtIn = (await splMint(6)).toBase58();
    const kept = await create({ mint: builtIn, symbol: 'BLT', name: 'Built In', decimals: 6, icon: '/api/assets/coins/usdc.svg' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await coins()).find((c) => c.mint === builtIn)?.icon).toBe('/api/assets/coins/usdc.svg');
    expect(iconHits).toBe(hitsBefore);

    const other = (await splMint(6)).toBase58();
    const unknown = errorOf(await create({ mint: other, symbol: 'UNK', name: 'Unknown', decimals: 6, icon: '/api/assets/coins/nope.svg' }));
    expect(unknown).toMatchObject({ status: 400, message: noBuiltInIcon('/api/assets/coins/nope.svg') });
    const elsewhere = errorOf(await create({ mint: other, symbol: 'UNK', name: 'Unknown', decimals: 6, icon: '/etc/passwd' }));
    expect(elsewhere.status).toBe(400);
    expect((await coins()).map((c) => c.mint)).not.toContain(other);
  });

  it('uses the placeholder for an icon that is not an image or too large; edits and disables a token (audited)', async () => {
    const mint = (await splMint(6)).toBase58();
    const html = await create({ mint, symbol: 'PH', name: 'Placeholder', decimals: 6, icon: `${iconBase}/page.html`, isVerified: false });
    expect(html.statusCode, html.body).toBe(200);
    expect(html.json<NewCoinResponse>().token).toMatchObject({ icon: PLACEHOLDER_ICON, isVerified: false });
    expect(html.json<NewCoinResponse>().warnings).toContain('The icon could not be fetched; a placeholder is shown instead.');
    expect((await t.app.inject({ method: 'GET', url: PLACEHOLDER_ICON })).statusCode).toBe(200);

    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api${adminPaths.token(mint)}`, headers: admin.headers, payload });
    const huge = await patch({ icon: `${iconBase}/huge.png`, name: 'Renamed' });
    expect(huge.statusCode, huge.body).toBe(200);
    expect(huge.json<{ token: AdminToken }>().token).toMatchObject({ icon: PLACEHOLDER_ICON, name: 'Renamed' });

    expect((await patch({ disabled: true })).statusCode).toBe(200);
    expect((await coins()).map((c) => c.mint)).not.toContain(mint);
    const all = (await t.app.inject({ method: 'GET', url: `/api${adminPaths.tokens}`, headers: admin.headers })).json<AdminToken[]>();
    expect(all.find((c) => c.mint === mint)).toMatchObject({ disabled: true, name: 'Renamed' });
    const seller = await trader(t);
    const refused = await t.app.inject({
      method: 'POST', url: '/api/orders/create-order', headers: seller.headers,
      payload: { amount: '1000000', tokenMint: mint, fiatCode: 'EUR', price: '1', minFiatAmount: '0', maxFiatAmount: '0', paymentMethodIds: ['sepa'], orderSide: 1, paymentWindowMinutes: 30 },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(await t.app.inject({ method: 'PATCH', url: `/api${adminPaths.token(Keypair.generate().publicKey.toBase58())}`, headers: admin.headers, payload: { name: 'x' } })).status).toBe(404);

    const audit = (await t.app.inject({ method: 'GET', url: `/api${adminPaths.audit}?subject=${mint}&action=token_changed`, headers: admin.headers })).json<AuditResponse>();
    expect(audit.total).toBe(2);
    expect(audit.data.map((e) => [e.before, e.after].map((v) => (v as AdminToken).disabled))).toContainEqual([false, true]);
  });
});

describe('a second "USDC"', () => {
  it('refuses a symbol a listed token’s could be taken for, unless the admin confirms and gives a distinct name; not Verified while mintable', async () => {
    const usdc = (await coins()).find((c) => c.symbol === 'USDC')!;
    const mint = (await splMint(4)).toBase58();
    const listed = [{ mint: usdc.mint, symbol: usdc.symbol, name: usdc.name }];
    for (const symbol of ['USDC', 'usdc', 'ＵＳＤＣ', 'UЅDС', 'USD\u200bC']) {
      expect(errorOf(await create({ mint, symbol, name: 'Jelly Dollar', decimals: 4 }))).toMatchObject({ status: 409, message: lookalikeSymbolRefused(symbol, listed) });
    }
    const sameName = await create({ mint, symbol: 'USDC', name: usdc.name.toUpperCase(), decimals: 4, confirmLookalikeSymbol: true });
    expect(errorOf(sameName)).toMatchObject({ status: 400, message: lookalikeNameRefused(listed) });
    expect((await coins()).map((c) => c.mint)).not.toContain(mint);

    const confirmed = await create({ mint, symbol: 'USDC', name: 'Jelly Dollar', decimals: 4, confirmLookalikeSymbol: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<NewCoinResponse>().token).toMatchObject({ symbol: 'USDC', name: 'Jelly Dollar', isVerified: false });

    // Renaming another token into a look-alike is the same door.
    const other = (await splMint(6)).toBase58();
    expect((await create({ mint: other, symbol: 'JDOL', name: 'Jelly Dollar Two', decimals: 6 })).statusCode).toBe(200);
    const rename = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api${adminPaths.token(other)}`, headers: admin.headers, payload });
    expect(errorOf(await rename({ symbol: 'usdc' }))).toMatchObject({ status: 409 });
    expect(errorOf(await rename({ symbol: 'usdc', confirmLookalikeSymbol: true, name: 'USD Coin' }))).toMatchObject({ status: 400 });
    expect((await rename({ symbol: 'usdc', confirmLookalikeSymbol: true })).statusCode).toBe(200);
  });

  it('lists a mint nobody can mint or freeze any more as Verified by default', async () => {
    const fixed = await splMint(6, false);
    await setAuthority(t.chain.connection, payer, fixed, payer, AuthorityType.MintTokens, null, [], { commitment: 'confirmed' });
    const response = await create({ mint: fixed.toBase58(), symbol: 'FXD', name: 'Fixed Supply', decimals: 6 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NewCoinResponse>()).toMatchObject({ token: { isVerified: true }, warnings: [] });
  });
});
