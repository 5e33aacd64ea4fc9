import { adminCli } from './support/admin';
import { createAccount, deployInstance } from './support/api';
import { expect, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';

test('shots', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createAccount();
  adminCli('user:balance', '--email', owner.email, '--add', '40', '--note', 'e2e');
  const { InstanceId } = await deployInstance(owner, 'shot-1');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await presetChoice(page, { locale: 'en_US', theme });
      await signInAs(page, owner);
      await page.goto(`/instances/${InstanceId}`);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await expectPageReady(page);
      await expect(page.getByRole('figure', { name: 'CPU', exact: true })).not.toHaveAttribute('data-points', '1');
      await expect(page.getByRole('figure', { name: 'CPU', exact: true })).not.toHaveAttribute('data-points', '0');
      await page.screenshot({ path: `/tmp/live-${theme}-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log('overflow', theme, width, overflow);
    }
  }
  await page.goto(`/instances/${InstanceId}?tab=history`);
  await expectPageReady(page);
  await page.waitForSelector('[data-timeframe] canvas');
  await page.screenshot({ path: `/tmp/live-history.png`, fullPage: true });
});
