import type { Page } from '@playwright/test';
import { adminCli } from './support/admin';
import { createAccount, deployInstance, openTicket, type Account } from './support/api';
import { expect, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';

const TEXT = {
  en_US: { instances: 'All instances', billing: 'Back to billing', tickets: 'All tickets' },
  zh_CN: { instances: '全部实例', billing: '返回费用中心', tickets: '全部工单' },
} as const;

/** How a back link looks: what a person sees of it (its arrow, its text size, colour and weight). */
async function looks(page: Page, name: string) {
  const link = page.getByRole('main').getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  return link.evaluate((a) => {
    const style = getComputedStyle(a);
    const icon = a.querySelector('svg');
    return {
      text: a.textContent,
      arrow: icon ? Math.round(icon.getBoundingClientRect().width) : 0,
      fontSize: style.fontSize,
      color: style.color,
      weight: style.fontWeight,
    };
  });
}

let owner: Account;
let instanceId: number;
let invoiceId: number;
let ticketId: number;
test.beforeAll(async () => {
  test.setTimeout(60_000);
  owner = await createAccount();
  adminCli('user:balance', '--email', owner.email, '--add', '20', '--note', 'e2e top-up');
  instanceId = (await deployInstance(owner, 'back-links')).InstanceId;
  const out = adminCli('invoice:create', '--email', owner.email, '--amount', '12', '--description', 'E2E service');
  invoiceId = Number(/#(\d+)/.exec(out)?.[1]);
  ticketId = await openTicket(owner, { title: 'Back links' });
});

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];
  test(`every way back looks the same: an arrow and the destination (${locale})`, async ({ page }) => {
    await presetChoice(page, { locale, theme: 'light' });
    await signInAs(page, owner);
    const seen = [];
    for (const [path, name] of [
      [`/instances/${instanceId}`, t.instances],
      [`/invoices/${invoiceId}`, t.billing],
      [`/tickets/${ticketId}`, t.tickets],
    ] as const) {
      await page.goto(path);
      await expectPageReady(page);
      const look = await looks(page, name);
      // The arrow is an icon, not a character of the text.
      expect(look.text).toBe(name);
      expect(look.arrow).toBe(16);
      seen.push({ ...look, text: undefined });
    }
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });
}
