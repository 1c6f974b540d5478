import { expect, test } from '../../fixtures/test.ts';
import {
  accountMenu,
  connectWalletButton,
  readStoredSession,
  serverSideWallet,
  signInThroughChooser,
} from '../../fixtures/app.ts';
import { testKeys } from '../../wallet/keys.ts';

const PHONE = { width: 375, height: 740 };

test.use({ hasTouch: true, isMobile: true, viewport: PHONE });

test('on a phone, Connect Wallet offers to open the last-used wallet', async ({ page, request, wallet }) => {
  // First visit on a wide window: the chooser, then log out (the account menu is not shown on phones).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signInThroughChooser(page, wallet);
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  await expect(connectWalletButton(page)).toBeVisible();

  await page.setViewportSize(PHONE);
  await connectWalletButton(page).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('heading', { name: 'Open Jelly Test Wallet?' })).toBeVisible();
  // The chooser is skipped: the confirm is the only dialog.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await confirm.getByRole('button', { name: 'Open', exact: true }).click();

  await expect.poll(async () => (await readStoredSession(page)).accessToken).toBeTruthy();
  expect(wallet.signMessageRequests.map((r) => r.rejected)).toEqual([false, false]);
  expect((await serverSideWallet(page, request)).wallet).toBe(testKeys.alice.address);
  await expect(page.getByRole('navigation', { name: 'Tab bar' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});
