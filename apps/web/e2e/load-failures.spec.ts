import { createAccount } from './support/api';
import { expect, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';

// A list whose read fails (after the client's three retries) says so, with a way
// to try again, instead of an empty table that reads as "nothing here". The network is cut in the
// browser for the list's API call only, then restored before "Try again".

// /billing reads its lists in the page: the failure shows in place of the table. The other lists
// are read before their page is shown: a failure shows the error page, whose "Try again" reads again.
const NETWORK_ZH = '网络错误，请检查网络连接后重试。';

const LISTS = [
  {
    path: '/billing',
    api: /\/api\/invoices\?(?!.*status=unpaid)/,
    failed: {
      en_US: 'Your invoices could not be loaded. Check your connection, then try again.',
      zh_CN: '无法加载您的账单。请检查网络连接后重试。',
    },
    loaded: { en_US: 'No invoices yet', zh_CN: '还没有账单' },
  },
  {
    path: '/billing?tab=transactions',
    api: /\/api\/balance\/transactions\?limit=10\b/,
    failed: {
      en_US: 'Your transactions could not be loaded. Check your connection, then try again.',
      zh_CN: '无法加载您的交易记录。请检查网络连接后重试。',
    },
    loaded: { en_US: 'No transactions yet', zh_CN: '还没有交易记录' },
  },
  {
    path: '/instances',
    api: /\/api\/instances\?/,
    failed: { en_US: 'Network error. Check your connection and try again.', zh_CN: NETWORK_ZH },
    loaded: { en_US: 'No instances yet', zh_CN: '还没有实例' },
  },
  {
    path: '/tickets',
    api: /\/api\/tickets\?/,
    failed: { en_US: 'Network error. Check your connection and try again.', zh_CN: NETWORK_ZH },
    loaded: { en_US: 'No tickets yet', zh_CN: '还没有工单' },
  },
];
const RETRY = { en_US: 'Try again', zh_CN: '重试' };

// The browser reports the cut requests as console errors.
test.use({ expectedConsoleErrors: /Failed to fetch|ERR_FAILED/ });

for (const locale of ['en_US', 'zh_CN'] as const) {
  test(`a list that cannot be read says so and loads on "Try again" (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    await presetChoice(page, { locale });
    await signInAs(page, await createAccount());
    for (const list of LISTS) {
      await page.route(list.api, (route) => route.abort('failed'));
      await page.goto(list.path);
      await expectPageReady(page);
      const alert = page.getByRole('main').filter({ hasText: list.failed[locale] });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(list.loaded[locale])).toHaveCount(0);
      await page.unroute(list.api);
      await alert.getByRole('button', { name: RETRY[locale] }).click();
      await expect(page.getByText(list.loaded[locale])).toBeVisible();
      await expect(page.getByText(list.failed[locale])).toHaveCount(0);
    }
  });
}
