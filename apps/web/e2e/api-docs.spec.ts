import { expect, test } from './support/fixtures';

test.describe('the API reference', () => {
  test('renders /api/docs from /api/openapi.json with no Content-Security-Policy error', async ({ page }) => {
    // Swagger UI (1.4 MB of script) reads and resolves the whole document in the browser before it
    // draws anything: on two busy cores that takes several seconds, which the reader waits out too.
    test.setTimeout(90_000);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/api/docs');
    await expect(page).toHaveTitle('Nimbus API reference');
    await expect(page.getByRole('heading', { name: /Nimbus API/ }).first()).toBeVisible({ timeout: 60_000 });
    const login = page.locator('.opblock-post').filter({ hasText: '/api/login' }).first();
    await expect(login).toBeVisible();
    await login.locator('.opblock-summary').click();
    await expect(login.getByText('AgreeTerms').first()).toBeVisible();
    await expect(page.locator('.opblock-get').filter({ hasText: '/api/session' }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
