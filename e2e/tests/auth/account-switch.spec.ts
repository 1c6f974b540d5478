import { expect, test } from '../../fixtures/test.ts';
import { accountMenu, readRefreshCookie, refreshWithCookie, serverSideWallet, signInThroughChooser } from '../../fixtures/app.ts';
import { shortAddress, testKeys } from '../../wallet/keys.ts';

test('switching the wallet account logs out and signs in as the new wallet', async ({ page, request, wallet }) => {
  await page.goto('/');
  await signInThroughChooser(page, wallet);
  const first = await readRefreshCookie(page);

  await wallet.switchAccount(testKeys.bob);

  await expect(accountMenu(page)).toContainText(shortAddress(testKeys.bob.address));
  await expect(accountMenu(page)).not.toContainText(shortAddress(testKeys.alice.address));
  expect(wallet.signMessageRequests.map((r) => r.address)).toEqual([testKeys.alice.address, testKeys.bob.address]);
  await expect.poll(async () => (await serverSideWallet(page, request)).wallet).toBe(testKeys.bob.address);

  // The old wallet's session was logged out, not left behind.
  const second = await readRefreshCookie(page);
  expect(second.value).not.toBe(first.value);
  const oldRefresh = await refreshWithCookie(request, first);
  expect(oldRefresh.status()).toBe(401);
});
