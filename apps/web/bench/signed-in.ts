/**
 * bench:web's signed-in pages: two wallets of the bench's own (ed25519 keys made in this process), an offer from one
 * and a claim on it from the other, all over the API of the bench's fresh server. The browser is then signed in as
 * the claimer the way the app itself signs in: the page asks for a nonce, the key signs the message, the page posts
 * the signature (so the httpOnly refresh cookie lands in Chromium's cookie jar) and keeps the access token where the
 * app restores the session from (localStorage). Lighthouse's storage reset clears caches, not cookies or
 * localStorage, so every run opens the page signed in, with a cold cache; signBrowserOut makes it a first visit again.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { API_PREFIX, apiPaths, orderPaths, type AuthResponse, type Coin, type NonceResponse, type PaymentMethod, pagePaths } from '@jelly/contracts';
import { ACCESS_TOKEN_STORAGE_KEY, AUTH_NETWORK } from '@jelly/domain';
import { expectJson } from '@jelly/bench-kit';
import bs58 from 'bs58';
import puppeteer, { type Page } from 'puppeteer-core';
import { ACCESS_EXP_KEY } from '../src/lib/api/tokenStore.ts';

export interface BenchWallet {
  address: string;
  sign(message: string): string;
}

function newWallet(): BenchWallet {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const key: KeyObject = privateKey;
  return { address: bs58.encode(raw), sign: (message) => bs58.encode(sign(null, Buffer.from(message, 'utf8'), key)) };
}

async function signInOverApi(api: string, wallet: BenchWallet): Promise<string> {
  const nonce = await expectJson<NonceResponse>(`${api}${apiPaths.authNonce}?wallet=${wallet.address}`, {});
  const body = { network: AUTH_NETWORK, wallet: wallet.address, nonce: nonce.nonce, signature: wallet.sign(nonce.message) };
  const auth = await expectJson<AuthResponse>(`${api}${apiPaths.auth}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return auth.accessToken;
}

const post = (token: string, body: unknown) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A sell offer of 100 USDC from a funded seller and a 20 USDC claim on it by `buyer`: the deal's id. */
async function createDeal(api: string, buyer: BenchWallet, buyerToken: string): Promise<number> {
  const seller = newWallet();
  const sellerToken = await signInOverApi(api, seller);
  await expectJson(`${api}${orderPaths.devFaucet}`, post(sellerToken, { wallet: seller.address }));
  const coins = await expectJson<Coin[]>(`${api}${apiPaths.coins}`, {});
  const usdc = coins.find((c) => c.symbol === 'USDC');
  if (!usdc) throw new Error(`GET ${apiPaths.coins} lists no USDC`);
  const methods = await expectJson<PaymentMethod[]>(`${api}${apiPaths.payments}?type=0`, {});
  const unit = 10n ** BigInt(usdc.decimals);
  const offer = await expectJson<{ orderId: number }>(
    `${api}${orderPaths.createOrder}`,
    post(sellerToken, {
      amount: (100n * unit).toString(),
      orderSide: 0,
      tokenMint: usdc.mint,
      fiatCode: 'EUR',
      price: '0.94',
      priceType: 'fixed',
      minFiatAmount: '0',
      maxFiatAmount: '0',
      paymentMethodIds: methods.slice(0, 2).map((m) => m.id),
      paymentWindowMinutes: 30,
    }),
  );
  const claim = await expectJson<{ orderId: number }>(
    `${api}${orderPaths.createOrder}`,
    post(buyerToken, { parentOrderId: offer.orderId, amount: (20n * unit).toString() }),
  );
  return claim.orderId;
}

export interface BenchParty {
  wallet: BenchWallet;
  dealPath: string;
}

/** A fresh wallet with a deal of its own (a claim on another fresh wallet's offer). */
export async function partyWithDeal(origin: string): Promise<BenchParty> {
  const api = `${origin}${API_PREFIX}`;
  const wallet = newWallet();
  const dealId = await createDeal(api, wallet, await signInOverApi(api, wallet));
  return { wallet, dealPath: pagePaths.deal(dealId) };
}

/** Runs `work` in a tab of Chromium (on `chromePort`) on a same-origin document with no app on it. */
async function onOrigin<T>(chromePort: number, origin: string, work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/favicon.svg`);
    const result = await work(page);
    await page.close();
    return result;
  } finally {
    // Leaves Chromium running for Lighthouse.
    await browser.disconnect();
  }
}

/** Signs Chromium in as `wallet`, as the app does: nonce, signature, POST /auth from the page, tokens stored. */
export async function signBrowserIn(chromePort: number, origin: string, wallet: BenchWallet): Promise<void> {
  const api = `${origin}${API_PREFIX}`;
  const failure = await onOrigin(chromePort, origin, async (page) => {
    const challenge = await page.evaluate(async (url) => (await fetch(url)).json() as Promise<NonceResponse>, `${api}${apiPaths.authNonce}?wallet=${wallet.address}`);
    const body = { network: AUTH_NETWORK, wallet: wallet.address, nonce: challenge.nonce, signature: wallet.sign(challenge.message) };
    return page.evaluate(
      async ({ url, body, tokenKey, expKey }) => {
        const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!response.ok) return `POST /auth answered ${response.status}: ${await response.text()}`;
        const tokens = (await response.json()) as { accessToken: string; jwtExpiresAt: string };
        localStorage.setItem(tokenKey, tokens.accessToken);
        localStorage.setItem(expKey, tokens.jwtExpiresAt);
        return null;
      },
      { url: `${api}${apiPaths.auth}`, body, tokenKey: ACCESS_TOKEN_STORAGE_KEY, expKey: ACCESS_EXP_KEY },
    );
  });
  if (failure) throw new Error(`signing the browser in: ${failure}`);
}

/** Forgets any session: the origin's localStorage and cookies, so the next page opens as a first visit. */
export async function signBrowserOut(chromePort: number, origin: string): Promise<void> {
  await onOrigin(chromePort, origin, async (page) => {
    await page.evaluate(() => localStorage.clear());
    await page.browserContext().deleteCookie(...(await page.browserContext().cookies()));
  });
}
