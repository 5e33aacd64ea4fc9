import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { pngBytes } from '../../server/test/png';
import { adminCli } from './support/admin';
import { createAccount, openTicket, setLocale, setProfile } from './support/api';
import { expect, expectDialogShown, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';
import { lastMail } from './support/mail';

const TEXT = {
  en_US: {
    heading: 'Tickets',
    support: 'Technical support',
    emptyTitle: 'No tickets yet',
    openTicket: 'Open a ticket',
    newTicket: 'New ticket',
    dialog: 'New ticket',
    type: 'Type',
    subject: 'Subject',
    message: 'Message',
    attach: 'Attach files',
    uploaded: 'Uploaded',
    remove: (name: string) => `Remove ${name}`,
    submit: 'Open ticket',
    required: 'This field is required',
    empty: 'Ticket content cannot be empty',
    tooLarge: 'Ticket content too large',
    fileTooLarge: 'The file is too large (at most 5 MB)',
    attachments: 'Attachments',
    notAttached: 'Not attached — these files will not be sent',
    because: (reason: string) => `: ${reason}`,
    opened: 'Ticket opened',
    status: { open: 'Open', answered: 'Answered', closed: 'Closed', in_progress: 'In progress' },
    number: (id: number) => `Ticket #${id}`,
    preview: (name: string) => `Show ${name} larger`,
    download: (name: string) => `Download ${name}`,
    allTickets: 'All tickets',
    staffBadge: 'Support',
    reply: 'Your reply',
    send: 'Send reply',
    sent: 'Reply sent',
    close: 'Close ticket',
    closeTitle: 'Close this ticket?',
    closed: 'Ticket closed',
    closedNote: 'This ticket is closed',
    openNew: 'Open a new ticket',
    mail: (id: number, title: string) => `Nimbus: new reply to your ticket #${id} "${title}"`,
    notFound: 'Ticket get failed',
    notFoundTip: 'The ticket was not found. Check the link, or open it from your ticket list.',
    filter: 'Filter by status',
    filtered: 'No tickets with the status “Answered”.',
  },
  zh_CN: {
    heading: '工单',
    support: '技术支持',
    emptyTitle: '还没有工单',
    openTicket: '提交工单',
    newTicket: '新建工单',
    dialog: '新建工单',
    type: '类型',
    subject: '标题',
    message: '内容',
    attach: '添加附件',
    uploaded: '已上传',
    remove: (name: string) => `移除 ${name}`,
    submit: '提交工单',
    required: '此项为必填项',
    empty: '工单内容不能为空',
    tooLarge: '工单内容过长',
    fileTooLarge: '文件过大（最大 5 MB）',
    attachments: '附件',
    notAttached: '未添加——以下文件不会随消息发送',
    because: (reason: string) => `：${reason}`,
    opened: '工单已提交',
    status: { open: '待处理', answered: '已回复', closed: '已关闭', in_progress: '处理中' },
    number: (id: number) => `工单 #${id}`,
    preview: (name: string) => `放大查看 ${name}`,
    download: (name: string) => `下载 ${name}`,
    allTickets: '全部工单',
    staffBadge: '客服',
    reply: '您的回复',
    send: '发送回复',
    sent: '回复已发送',
    close: '关闭工单',
    closeTitle: '要关闭此工单吗？',
    closed: '工单已关闭',
    closedNote: '此工单已关闭',
    openNew: '提交新工单',
    mail: (id: number, title: string) => `Nimbus：您的工单 #${id}「${title}」有新回复`,
    notFound: '获取工单失败',
    notFoundTip: '未找到该工单。请检查链接，或从工单列表中打开。',
    filter: '按状态筛选',
    filtered: '没有状态为“已回复”的工单。',
  },
} as const;

const PNG = pngBytes(48, 32);

/** An input of the dialog by its label (required ones carry an asterisk). */
const input = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** The requests for new tickets the page sends, to show the client's checks keep them home. */
function countTicketPosts(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/ticket/add') n++;
  });
  return () => n;
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  const L = TEXT[locale];

  test.describe(`support tickets (${locale})`, () => {
    test('opens a ticket with a screenshot, gets the staff answer on the page and by mail, replies and closes it', async ({
      page,
    }) => {
      // Waits for the page's own 15 s refresh to bring the staff answer.
      test.setTimeout(90_000);
      const account = await createAccount();
      await setLocale(account, locale);
      await presetChoice(page, { locale });
      await signInAs(page, account);
      const posts = countTicketPosts(page);

      await page.goto('/tickets');
      await expectPageReady(page);
      await expect(page).toHaveTitle(`${L.heading} - Nimbus`);
      await expect(page.getByRole('heading', { name: L.emptyTitle })).toBeVisible();
      await page.getByRole('button', { name: L.openTicket }).click();
      await expect(page).toHaveURL(/\/tickets\?new=1$/);
      const dialog = page.getByRole('dialog', { name: L.dialog });
      await expectDialogShown(page);

      // The client's checks: nothing is sent while a field is wrong.
      await dialog.getByRole('button', { name: L.submit }).click();
      await expect(dialog.getByText(L.required)).toHaveCount(2);
      await expect(dialog.getByText(L.empty, { exact: true })).toBeVisible();
      await input(dialog, L.type).click();
      await page.getByRole('option', { name: new RegExp(`^${L.support}`) }).click();
      const title = `Disk full on web-1 (${locale})`;
      await input(dialog, L.subject).fill(title);
      await input(dialog, L.message).fill('x'.repeat(10_001));
      await dialog.getByRole('button', { name: L.submit }).click();
      await expect(dialog.getByText(L.tooLarge, { exact: true })).toBeVisible();
      await input(dialog, L.message).fill('   \n  ');
      await dialog.getByRole('button', { name: L.submit }).click();
      await expect(dialog.getByText(L.empty, { exact: true })).toBeVisible();
      expect(posts()).toBe(0);

      // A file over 5 MB is refused before it is sent; the screenshot uploads.
      const files = dialog.locator('input[type="file"]');
      await files.setInputFiles([
        { name: 'core.log', mimeType: 'text/plain', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) },
        { name: 'screenshot.png', mimeType: 'image/png', buffer: PNG },
      ]);
      // The refused file is not in the list of what will be sent: it is named apart, with the reason.
      const uploads = dialog.getByRole('list', { name: L.attachments });
      const refused = dialog.getByRole('alert').filter({ hasText: L.notAttached });
      await expect(refused).toContainText(`core.log${L.because(L.fileTooLarge)}`);
      await expect(uploads.getByRole('listitem').filter({ hasText: 'screenshot.png' })).toContainText(L.uploaded);
      await expect(uploads.getByRole('listitem')).toHaveCount(1);
      await refused.getByRole('button', { name: L.remove('core.log') }).click();
      await expect(refused).toHaveCount(0);
      await expect(uploads.getByRole('listitem')).toHaveCount(1);

      const content = 'The disk of web-1 is full.\nI deleted old logs, it filled up again.';
      await input(dialog, L.message).fill(content);
      await dialog.getByRole('button', { name: L.submit }).click();
      await expect(page.getByText(L.opened, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/tickets\/\d+$/);
      const id = Number(/\/tickets\/(\d+)$/.exec(page.url())?.[1]);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} · ${L.heading} - Nimbus`);
      await expect(page.getByText(L.number(id), { exact: true })).toBeVisible();
      await expect(page.getByText(L.status.open, { exact: true })).toBeVisible();
      // Plain text with its line break kept, under the email while the customer has no name.
      const first = page.getByRole('article').first();
      await expect(first).toContainText(account.email);
      const body = first.getByText(/^The disk of web-1 is full\./);
      await expect(body).toHaveText(content);
      expect(await body.evaluate((p) => p.getBoundingClientRect().height)).toBeGreaterThan(30);

      // The screenshot shows as a thumbnail from a blob URL, and downloads with its name and bytes.
      const thumb = first.getByRole('button', { name: L.preview('screenshot.png') }).locator('img');
      await expect(thumb).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
      const download = page.waitForEvent('download');
      await first.getByRole('button', { name: L.download('screenshot.png') }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe('screenshot.png');
      expect(readFileSync(await saved.path()).equals(PNG)).toBe(true);

      // Once the customer sets a name, the conversation shows it, on earlier messages too.
      await setProfile(account, { FirstName: 'Tess', LastName: 'Ticket' });
      await page.reload();
      await expect(first).toContainText('Tess Ticket');
      await expect(first).not.toContainText(account.email);

      // In the list, with its status.
      await page.getByRole('link', { name: L.allTickets }).click();
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(L.status.open);
      await row.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

      // Staff answer through the CLI while the page is open: it appears, and the customer is mailed.
      // Staff write Markdown: it shows formatted, its link opens apart, and raw HTML in it is dropped.
      const markdown =
        'We grew the disk to **40 GB**.\nPlease check [the guide](https://docs.example/disk).<img src=x>';
      adminCli('ticket:reply', String(id), '--as', 'Sam Support', '--content', markdown);
      const answer = page.getByRole('article').filter({ hasText: 'Sam Support' });
      await expect(answer).toContainText('We grew the disk to 40 GB.\nPlease check the guide.', {
        timeout: 20_000,
        useInnerText: true,
      });
      await expect(answer.locator('strong')).toHaveText('40 GB');
      const guide = answer.getByRole('link', { name: 'the guide' });
      await expect(guide).toHaveAttribute('href', 'https://docs.example/disk');
      await expect(guide).toHaveAttribute('target', '_blank');
      await expect(answer.locator('img')).toHaveCount(0);
      await expect(answer).toContainText(L.staffBadge);
      await expect(page.getByText(L.status.answered, { exact: true })).toBeVisible();
      await expect.poll(async () => (await lastMail(account.email))?.subject).toBe(L.mail(id, title));
      const mail = await lastMail(account.email);
      expect(mail?.text).toContain('We grew the disk to **40 GB**.\nPlease check');
      expect(mail?.text).toContain(`/tickets/${id}`);

      // The customer's reply opens the answered ticket again.
      await page.getByRole('button', { name: L.send }).click();
      await expect(page.getByText(L.empty, { exact: true })).toBeVisible();
      await input(page.getByRole('main'), L.reply).fill('Thanks, it works now.');
      await page.getByRole('button', { name: L.send }).click();
      await expect(page.getByText(L.sent, { exact: true })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(3);
      await expect(page.getByRole('article').last()).toContainText('Thanks, it works now.');
      await expect(page.getByText(L.status.open, { exact: true })).toBeVisible();
      await expect(input(page.getByRole('main'), L.reply)).toHaveValue('');

      // Closed after a confirmation: no reply box, a way to open a new ticket instead.
      await page.getByRole('button', { name: L.close }).click();
      const confirm = page.getByRole('dialog', { name: L.closeTitle });
      await confirm.getByRole('button', { name: L.close }).click();
      await expect(page.getByText(L.closed, { exact: true })).toBeVisible();
      await expect(page.getByText(L.status.closed, { exact: true })).toBeVisible();
      await expect(page.getByText(L.closedNote)).toBeVisible();
      await expect(page.getByRole('button', { name: L.send })).toHaveCount(0);
      await expect(page.getByRole('button', { name: L.close })).toHaveCount(0);
      await page.getByRole('link', { name: L.openNew }).click();
      await expect(page.getByRole('dialog', { name: L.dialog })).toBeVisible();
      await expect(input(page.getByRole('dialog'), L.type)).toHaveValue(L.support);
    });

    test('keeps the status filter in the URL', async ({ page }) => {
      const account = await createAccount();
      await openTicket(account, { title: `Waiting one ${locale}` });
      const other = await openTicket(account, { title: `Open one ${locale}` });
      adminCli('ticket:assign', String(other), '--to', 'Sam');
      await presetChoice(page, { locale });
      await signInAs(page, account);
      await page.goto('/tickets');
      await page.getByRole('textbox', { name: L.filter }).click();
      await page.getByRole('option', { name: L.status.in_progress }).click();
      await expect(page).toHaveURL(/\/tickets\?status=in_progress$/);
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('row').last()).toContainText(`Open one ${locale}`);
      await page.reload();
      await expect(page.getByRole('textbox', { name: L.filter })).toHaveValue(L.status.in_progress);
      await expect(page.getByRole('row').last()).toContainText(L.status.in_progress);
      await page.goto('/tickets?status=answered');
      await expect(page.getByText(L.filtered)).toBeVisible();
    });

    test("warns and returns to /tickets when the ticket is another customer's", async ({ page }) => {
      const owner = await createAccount();
      const id = await openTicket(owner, { title: 'Private matter' });
      await presetChoice(page, { locale });
      await signInAs(page, await createAccount());
      await page.goto(`/tickets/${id}`);
      await expect(page.getByText(L.notFound, { exact: true })).toBeVisible();
      await expect(page.getByText(L.notFoundTip)).toBeVisible();
      await expect(page).toHaveURL(/\/tickets$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.heading);
      await expect(page.getByText('Private matter')).toHaveCount(0);
    });
  });
}
