import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.ts';
import { accountMenu, signInThroughChooser, tabBar } from '../../fixtures/app.ts';

const PHONE = { width: 375, height: 740 };
const SIGNED_OUT_TABS = ['Swap', 'Market', 'CoinJelly', 'Settings'];

/** True when some of the tab bar is inside the viewport and not made invisible (hidden may mean slid away). */
function tabBarOnScreen(page: Page): Promise<boolean> {
  return tabBar(page).evaluate((nav) => {
    const rect = nav.getBoundingClientRect();
    const style = getComputedStyle(nav);
    const inViewport = rect.height > 0 && rect.bottom > 1 && rect.top < window.innerHeight - 1;
    return inViewport && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.05;
  });
}

async function scrollBy(page: Page, deltaY: number): Promise<void> {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 3);
  await page.mouse.wheel(0, deltaY);
}

test.describe('mobile tab bar', () => {
  test.use({ viewport: PHONE });

  test('signed out it offers every tab except Dashboard; wide screens have no tab bar', async ({ page }) => {
    await page.goto('/');
    const nav = tabBar(page);
    await expect(nav).toBeVisible();
    for (const name of SIGNED_OUT_TABS) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Market' })).toHaveAttribute('href', '/buy-crypto');

    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(nav).toBeHidden();
  });

  test('signed in it adds Dashboard', async ({ page, wallet }) => {
    // Sign in on a wide screen, where the account menu is shown, then narrow to phone width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await signInThroughChooser(page, wallet);
    await page.setViewportSize(PHONE);

    await expect(accountMenu(page)).toBeHidden();
    const nav = tabBar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/my-account');
    for (const name of ['Dashboard', ...SIGNED_OUT_TABS]) await expect(nav.getByRole('link', { name })).toBeVisible();
  });

  test('it hides when scrolling down and comes back when scrolling up', async ({ page }) => {
    await page.goto('/');
    await expect(tabBar(page)).toBeVisible();
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(scrollable, 'the home page must be taller than a phone screen').toBeGreaterThan(400);

    await scrollBy(page, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect.poll(() => tabBarOnScreen(page)).toBe(false);

    // A small move back (under 8px) is not a scroll up. The page scrolls, its scroll event reaches the app (whose
    // listener, added first, runs before this one), and two frames later React has rendered what the app decided.
    const before = await page.evaluate(() => window.scrollY);
    const decided = await page.evaluate(async () => {
      await new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollBy(0, -4);
      });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return { scrollY: window.scrollY, visible: document.querySelector('nav[aria-label="Tab bar"]')?.getAttribute('data-visible') };
    });
    expect(decided).toEqual({ scrollY: before - 4, visible: 'false' });
    expect(await tabBarOnScreen(page)).toBe(false);

    await scrollBy(page, -100);
    await expect.poll(() => tabBarOnScreen(page)).toBe(true);

    await scrollBy(page, 150);
    await expect.poll(() => tabBarOnScreen(page)).toBe(false);
  });
});
