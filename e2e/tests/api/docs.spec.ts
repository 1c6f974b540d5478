import { expect, test } from '../../fixtures/test.ts';

test('the OpenAPI docs load at /api/docs and describe the sign-in endpoints', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  // Swagger UI renders the operations from the OpenAPI document.
  await expect(page.getByText('/api/auth/nonce').first()).toBeVisible();
  await expect(page.getByText('/api/auth/refresh').first()).toBeVisible();
});
