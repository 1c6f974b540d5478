import { expect, test } from '../../fixtures/test.ts';
import { connectWalletButton, footerClock } from '../../fixtures/app.ts';

test('an unknown path redirects to the home page', async ({ page, baseURL }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(connectWalletButton(page)).toBeVisible();
});

test('the admin area renders without the app header and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(footerClock(page)).toBeVisible();

  await page.goto('/admin/swaps');
  await expect(page).toHaveURL(/\/admin\/swaps$/);
  // The admin screen itself rendered (not a blank page or an error).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(connectWalletButton(page)).toHaveCount(0);
  await expect(footerClock(page)).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});
