import { createTestMint, openAdmin } from '../../fixtures/admin.ts';
import { blockingViolationsIn } from '../../fixtures/axe.ts';
import { fetchPublicConfig } from '../../fixtures/deals/api.ts';
import { expect, test } from '../../fixtures/deals/parties.ts';

test.setTimeout(120_000);

test('Add Token at 1280×800: Create stays in view, refusals sit at their field in view, no icon or a built-in path lists the token', async ({
  openParty,
  request,
}) => {
  const config = await fetchPublicConfig(request);
  const [bare, builtIn] = [await createTestMint(config.solanaRpcUrl as string, 6), await createTestMint(config.solanaRpcUrl as string, 6)];
  const { page } = await openAdmin(openParty, '/admin/tokens');
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Add Token' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Token' });
  await modal.getByLabel('Mint', { exact: true }).fill(bare);
  await modal.getByRole('button', { name: 'Check mint' }).click();
  // The inspection makes the form longer than the window: the actions stay on screen all the same.
  await expect(modal.getByTestId('mint-inspection')).toContainText('SPL Token · 6 decimals');
  const create = modal.getByRole('button', { name: 'Create' });
  await expect(create).toBeInViewport({ ratio: 1 });
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });

  // Nothing typed but the mint: each refusal shows under its field, and the first is brought into view.
  await create.click();
  const symbol = modal.getByLabel('Symbol', { exact: true });
  await expect(symbol).toHaveAccessibleDescription('Symbol is required');
  await expect(modal.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required');
  await expect(symbol).toBeFocused();
  await expect(symbol).toBeInViewport();
  await expect(modal.getByLabel('Icon URL', { exact: true })).toHaveAttribute('aria-invalid', 'false');
  expect(await blockingViolationsIn(page, '[role="dialog"]')).toEqual([]);

  // A refusal far down the form (the icon) is scrolled to as well.
  await symbol.fill('NOICON');
  await modal.getByLabel('Name', { exact: true }).fill('No Icon Token');
  const icon = modal.getByLabel('Icon URL', { exact: true });
  await icon.fill('not an icon');
  await modal.evaluate((element) => element.scrollTo(0, 0));
  await create.click();
  await expect(icon).toHaveAccessibleDescription(/^Icon must be an http\(s\) URL or a built-in icon path/);
  await expect(icon).toBeInViewport();

  // No icon at all: listed with the placeholder.
  await icon.fill('');
  await create.click();
  await expect(page.getByText('Token created successfully')).toBeVisible({ timeout: 15_000 });
  const coins = async () => (await (await request.get('/api/platform/coins')).json()) as { mint: string; icon: string }[];
  expect((await coins()).find((c) => c.mint === bare)?.icon).toBe('/api/assets/coins/token.svg');

  // A built-in icon's path, like the bundled coins', is kept as it is.
  await page.getByRole('button', { name: 'Add Token' }).click();
  await modal.getByLabel('Mint', { exact: true }).fill(builtIn);
  await modal.getByRole('button', { name: 'Check mint' }).click();
  await expect(modal.getByTestId('mint-inspection')).toContainText('SPL Token · 6 decimals');
  await modal.getByLabel('Symbol', { exact: true }).fill('BUILTIN');
  await modal.getByLabel('Name', { exact: true }).fill('Built-in Icon Token');
  await modal.getByLabel('Icon URL', { exact: true }).fill('/api/assets/coins/nope.svg');
  await create.click();
  await expect(modal.getByLabel('Icon URL', { exact: true })).toHaveAccessibleDescription('No built-in icon at /api/assets/coins/nope.svg.');
  await modal.getByLabel('Icon URL', { exact: true }).fill('/api/assets/coins/usdc.svg');
  await create.click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
  expect((await coins()).find((c) => c.mint === builtIn)?.icon).toBe('/api/assets/coins/usdc.svg');
});

test('BTC and ETH have icons in the Coin Jelly pickers', async ({ request }) => {
  const { data: coins } = (await (await request.get('/api/coin-jelly/coins')).json()) as { data: { currency: string; iconSrc: string | null }[] };
  for (const currency of ['BTC', 'ETH']) {
    const iconSrc = coins.find((coin) => coin.currency === currency)?.iconSrc;
    expect(iconSrc).toBe(`/api/assets/coins/${currency.toLowerCase()}.svg`);
    const icon = await request.get(iconSrc!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
  }
});
