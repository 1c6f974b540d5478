import { expect, test } from '../../fixtures/test.ts';
import {
  accountMenu,
  connectWalletButton,
  readRefreshCookie,
  readStoredSession,
  serverSideWallet,
  signInThroughChooser,
} from '../../fixtures/app.ts';
import { installPageTrace, pageTrace } from '../../fixtures/page-trace.ts';
import { shortAddress, testKeys } from '../../wallet/keys.ts';

test.describe('wallet sign-in', () => {
  test('connecting the wallet signs in with one real signature the server accepts', async ({
    page,
    request,
    wallet,
    baseURL,
  }) => {
    await page.goto('/');
    await signInThroughChooser(page, wallet);

    await expect(accountMenu(page)).toContainText(shortAddress(testKeys.alice.address));
    await expect(connectWalletButton(page)).toHaveCount(0);

    // One human-readable sign-in message, for this wallet and this site.
    expect(wallet.signMessageRequests).toHaveLength(1);
    const [request0] = wallet.signMessageRequests;
    expect(request0?.address).toBe(testKeys.alice.address);
    expect(request0?.text).toContain(testKeys.alice.address);
    expect(request0?.text).toContain(new URL(baseURL as string).host);

    const session = await readStoredSession(page);
    expect(session.accessToken).toBeTruthy();
    expect(session.accessExp).toBeTruthy();
    expect(session.refreshToken).toBeNull();
    expect((await readRefreshCookie(page)).value).toBeTruthy();
    expect(await serverSideWallet(page, request)).toMatchObject({ wallet: testKeys.alice.address, isAdmin: false });
  });

  test('a reload keeps the session without asking for a second signature', async ({ page, request, wallet }) => {
    await installPageTrace(page);
    await page.goto('/');
    await signInThroughChooser(page, wallet);

    await page.reload();
    await expect(accountMenu(page)).toContainText(shortAddress(testKeys.alice.address));
    // The wallet's libraries load at the user's first input after the reload (any key, touch or click; a press of
    // Shift here), and the wallet then reconnects on its own. The app remembers it in the same render in which it
    // decides whether to sign in: once that write is recorded, a sign-in it should not start would have asked for
    // a nonce already.
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => (window as unknown as { __e2eTrace: string[] }).__e2eTrace.includes('store lastWalletName'));
    expect((await pageTrace(page)).filter((entry) => entry.startsWith('fetch /api/auth/nonce'))).toEqual([]);
    await expect(accountMenu(page)).toContainText(shortAddress(testKeys.alice.address));
    await expect(connectWalletButton(page)).toHaveCount(0);
    expect(wallet.signMessageRequests).toHaveLength(1);

    expect((await serverSideWallet(page, request)).wallet).toBe(testKeys.alice.address);
  });

  test('a rejected signature shows an error, is not retried on its own, and Connect Wallet tries again', async ({
    page,
    request,
    wallet,
  }) => {
    wallet.rejectNextSignMessage();
    await installPageTrace(page);
    await page.goto('/');
    await connectWalletButton(page).click();
    await page.getByRole('button', { name: /Jelly Test Wallet/ }).click();

    await expect(page.getByRole('alert').filter({ hasText: /sign-?in/i })).toBeVisible();
    expect(wallet.signMessageRequests.map((r) => r.rejected)).toEqual([true]);
    await expect(accountMenu(page)).toHaveCount(0);
    expect((await readStoredSession(page)).accessToken).toBeNull();

    // The user decides to try again.
    const before = await pageTrace(page);
    await connectWalletButton(page).click();
    // No loop: React runs what the failure set off before it handles this click, and up to the click the app
    // asked for exactly one nonce (the one the wallet refused to sign).
    const trace = await pageTrace(page);
    const retry = trace.indexOf('click', before.length);
    expect(retry, 'the retry click is recorded').toBeGreaterThanOrEqual(before.length);
    expect(trace.slice(0, retry).filter((entry) => entry === 'fetch /api/auth/nonce')).toEqual(['fetch /api/auth/nonce']);
    expect(wallet.signMessageRequests.map((r) => r.rejected)).toEqual([true]);
    await page.getByRole('button', { name: /Jelly Test Wallet/ }).click();
    await expect(accountMenu(page)).toContainText(shortAddress(testKeys.alice.address));
    expect(wallet.signMessageRequests.map((r) => r.rejected)).toEqual([true, false]);
    expect((await serverSideWallet(page, request)).wallet).toBe(testKeys.alice.address);
  });
});

test.describe('admin wallet sign-in', () => {
  test.use({ walletKeys: [testKeys.admin] });

  test('a wallet listed in ADMIN_WALLETS signs in as admin', async ({ page, request, wallet }) => {
    await page.goto('/');
    await signInThroughChooser(page, wallet);
    expect(await serverSideWallet(page, request)).toMatchObject({ wallet: testKeys.admin.address, isAdmin: true });
  });
});
