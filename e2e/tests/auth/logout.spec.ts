import { expect, test } from '../../fixtures/test.ts';
import {
  accountMenu,
  connectWalletButton,
  readRefreshCookie,
  readStoredSession,
  refreshWithCookie,
  serverSideWallet,
  signInThroughChooser,
} from '../../fixtures/app.ts';
import { testKeys } from '../../wallet/keys.ts';

const LOG_OUT_DESCRIPTION =
  'Are you sure you want to log out? You will need to connect your wallet again to continue.';

test.describe('log out', () => {
  test.beforeEach(async ({ page, wallet }) => {
    await page.goto('/');
    await signInThroughChooser(page, wallet);
  });

  test('Disconnect asks "Log Out?" and Cancel keeps the session', async ({ page, request, wallet }) => {
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Log Out?' })).toBeVisible();
    await expect(dialog).toContainText(LOG_OUT_DESCRIPTION);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await expect(dialog).toHaveCount(0);
    await expect(accountMenu(page)).toBeVisible();
    expect(wallet.connected).toBe(true);
    expect((await serverSideWallet(page, request)).wallet).toBe(testKeys.alice.address);
  });

  test('Log Out clears the session, revokes the refresh token and disconnects the wallet', async ({
    page,
    request,
    wallet,
  }) => {
    const refreshCookie = await readRefreshCookie(page);

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Log Out?' })).toBeVisible();
    await expect(dialog).toContainText(LOG_OUT_DESCRIPTION);
    await dialog.getByRole('button', { name: 'Log Out' }).click();

    await expect(connectWalletButton(page)).toBeVisible();
    await expect(accountMenu(page)).toHaveCount(0);
    await expect
      .poll(() => readStoredSession(page))
      .toEqual({ accessToken: null, accessExp: null, refreshToken: null });
    await expect.poll(() => wallet.connected).toBe(false);

    // The server revoked the session too: the old refresh token no longer works.
    const refresh = await refreshWithCookie(request, refreshCookie);
    expect(refresh.status()).toBe(401);
  });
});
