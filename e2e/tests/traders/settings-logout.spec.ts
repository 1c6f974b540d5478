import { expect, test } from '../../fixtures/test.ts';
import { accountMenu, connectWalletButton, readStoredSession, signInThroughChooser, tabBar } from '../../fixtures/app.ts';
import { shortAddress } from '../../wallet/keys.ts';

const PHONE = { width: 390, height: 844 };

test.describe('Settings on a phone', () => {
  test('a phone user reaches Settings from the tab bar and logs out there', async ({ page, wallet }) => {
    // Sign in on a wide screen (the account menu shows the address), then use the app at phone width.
    await page.goto('/');
    await signInThroughChooser(page, wallet);
    await page.setViewportSize(PHONE);
    await expect(accountMenu(page)).toBeHidden();

    await tabBar(page).getByRole('link', { name: /^Settings/ }).click();
    await page.waitForURL('/settings');
    await expect(page).toHaveTitle('Settings · Jelly');
    await expect(page.getByTestId('settings-wallet')).toHaveText(shortAddress(wallet.activeAccount.address));
    await expect(page.getByTestId('settings-wallet-name')).toHaveText('Jelly Test Wallet');
    await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();

    // Nothing on the page is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const disconnect = page.getByRole('button', { name: 'Disconnect' });
    await disconnect.scrollIntoViewIfNeeded();
    await disconnect.click();
    const confirm = page.getByRole('dialog', { name: 'Log Out?' });
    await expect(confirm).toContainText('Are you sure you want to log out? You will need to connect your wallet again to continue.');
    await confirm.getByRole('button', { name: 'Log Out' }).click();

    await expect(confirm).toHaveCount(0);
    await expect(page.getByText(/Connect your wallet to see your account/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
    await expect(tabBar(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect.poll(() => readStoredSession(page)).toEqual({ accessToken: null, accessExp: null, refreshToken: null });
    await expect.poll(() => wallet.connected).toBe(false);
    await expect(connectWalletButton(page).first()).toBeVisible();
  });
});
