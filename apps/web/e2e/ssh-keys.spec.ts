import type { Page } from '@playwright/test';
import { KNOWN_KEYS, newPublicKey } from '../../server/test/ssh-keys';
import { addSshKey, createAccount, deleteSshKey } from './support/api';
import { expect, expectPageReady, field, presetChoice, signInAs, test } from './support/fixtures';

const TEXT = {
  en_US: {
    tab: 'SSH keys',
    addFirst: 'Add your first key',
    addKey: 'Add key',
    name: 'Name',
    publicKey: 'Public key',
    save: 'Save changes',
    cancel: 'Cancel',
    confirmDelete: 'Delete',
    edit: (name: string) => `Edit ${name}`,
    delete: (name: string) => `Delete ${name}`,
    added: 'SSH key added',
    updated: 'SSH key updated',
    deleted: 'Deleted',
    addFailed: 'Add failed',
    editFailed: 'Edit failed',
    deleteFailed: 'Delete failed',
    empty: 'No SSH keys yet',
    incorrectLength: 'Incorrect length',
    invalidKey: 'Invalid public key',
    required: 'This field is required',
    duplicate: 'This key is already in your account',
    laptop: 'Work laptop',
    renamed: 'Home desktop',
  },
  zh_CN: {
    tab: 'SSH 密钥',
    addFirst: '添加第一个密钥',
    addKey: '添加密钥',
    name: '名称',
    publicKey: '公钥',
    save: '保存更改',
    cancel: '取消',
    confirmDelete: '删除',
    edit: (name: string) => `编辑 ${name}`,
    delete: (name: string) => `删除 ${name}`,
    added: 'SSH 密钥已添加',
    updated: 'SSH 密钥已更新',
    deleted: '已删除',
    addFailed: '添加失败',
    editFailed: '编辑失败',
    deleteFailed: '删除失败',
    empty: '还没有 SSH 密钥',
    incorrectLength: '长度不正确',
    invalidKey: '公钥无效',
    required: '此项为必填项',
    duplicate: '该密钥已在您的账户中',
    laptop: '工作笔记本',
    renamed: '家里的台式机',
  },
} as const;

const ED25519 = KNOWN_KEYS.ed25519;

/** The keys as listed: one item per key, in the order shown. */
const listed = (page: Page) => page.getByRole('listitem');

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`SSH keys on /me (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
    });

    test('adds a key, lists it with its fingerprint, renames it and deletes it', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/me');
      await expectPageReady(page);
      await page.getByRole('tab', { name: t.tab }).click();
      await expect(page).toHaveURL(/[?&]tab=keys/);
      await expect(page.getByText(t.empty)).toBeVisible();

      await page.getByRole('button', { name: t.addFirst }).click();
      const dialog = page.getByRole('dialog');
      await field(page, t.name).fill(t.laptop);
      await field(page, t.publicKey).fill(`${ED25519.line}\n`);
      await dialog.getByRole('button', { name: t.addKey }).click();
      await expect(page.getByText(t.added)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(listed(page)).toHaveCount(1);
      await expect(listed(page)).toContainText(t.laptop);
      await expect(listed(page)).toContainText(ED25519.fingerprint);
      await expect(listed(page)).toContainText('ssh-ed25519');

      await page.getByRole('button', { name: t.edit(t.laptop) }).click();
      await expect(field(page, t.publicKey)).toHaveValue(ED25519.line);
      await field(page, t.name).fill(t.renamed);
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.updated)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(listed(page)).toContainText(t.renamed);
      await expect(listed(page)).not.toContainText(t.laptop);

      // The list is the server's: a reload shows the same.
      await page.reload();
      await expect(listed(page)).toContainText(t.renamed);

      await page.getByRole('button', { name: t.delete(t.renamed) }).click();
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toHaveCount(0);
      await expect(listed(page)).toHaveCount(1);
      await page.getByRole('button', { name: t.delete(t.renamed) }).click();
      await dialog.getByRole('button', { name: t.confirmDelete, exact: true }).click();
      await expect(page.getByText(t.deleted, { exact: true })).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
      await expect(listed(page)).toHaveCount(0);
    });

    test('shows what is wrong with a name or key text before sending it', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/me?tab=keys');
      await expectPageReady(page);
      await page.getByRole('button', { name: t.addFirst }).click();
      const dialog = page.getByRole('dialog');
      const submit = dialog.getByRole('button', { name: t.addKey });

      await submit.click();
      await expect(dialog.getByText(t.required)).toHaveCount(2);

      await field(page, t.name).fill('n'.repeat(257));
      await field(page, t.publicKey).fill('my laptop key');
      await submit.click();
      await expect(dialog.getByText(t.incorrectLength)).toBeVisible();
      await expect(dialog.getByText(t.invalidKey)).toBeVisible();

      // A key whose type prefix was edited is refused too, though it looks right.
      await field(page, t.name).fill(t.laptop);
      await field(page, t.publicKey).fill(ED25519.line.replace('ssh-ed25519', 'ssh-rsa'));
      await submit.click();
      await expect(dialog.getByText(t.incorrectLength)).toHaveCount(0);
      await expect(dialog.getByText(t.invalidKey)).toBeVisible();

      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(page.getByText(t.empty)).toBeVisible();
    });

    test('a key already in the account fails with the add-failed toast, then the form works again', async ({
      page,
    }) => {
      const account = await createAccount();
      await addSshKey(account, t.laptop, ED25519.line);
      await signInAs(page, account);
      await page.goto('/me?tab=keys');
      await expectPageReady(page);
      await expect(listed(page)).toHaveCount(1);

      await page.getByRole('button', { name: t.addKey }).click();
      const dialog = page.getByRole('dialog');
      const submit = dialog.getByRole('button', { name: t.addKey });
      await field(page, t.name).fill(t.renamed);
      await field(page, t.publicKey).fill(ED25519.line.replace('grace@desk', 'same key, new comment'));
      await submit.click();
      // The toast says what went wrong, and so does the field.
      await expect(page.getByRole('alert').filter({ hasText: t.addFailed })).toContainText(t.duplicate);
      await expect(dialog.getByText(t.duplicate)).toBeVisible();
      await expect(submit).toBeEnabled();
      await expect(field(page, t.publicKey)).toBeEditable();

      // The re-enabled form takes another key.
      await field(page, t.publicKey).fill(newPublicKey('second@nimbus'));
      await submit.click();
      await expect(page.getByText(t.added)).toBeVisible();
      await expect(listed(page)).toHaveCount(2);
      await expect(listed(page).first()).toContainText(t.renamed);
    });

    test('editing or deleting a key removed elsewhere fails with its toast', async ({ page }) => {
      const account = await createAccount();
      const first = await addSshKey(account, 'first', newPublicKey());
      const second = await addSshKey(account, 'second', newPublicKey());
      await signInAs(page, account);
      await page.goto('/me?tab=keys');
      await expectPageReady(page);
      await expect(listed(page)).toHaveCount(2);
      await deleteSshKey(account, first.Id);

      await page.getByRole('button', { name: t.edit('first') }).click();
      const dialog = page.getByRole('dialog');
      await field(page, t.name).fill(t.renamed);
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.editFailed)).toBeVisible();
      await dialog.getByRole('button', { name: t.cancel }).click();
      // The list is read again: the key removed elsewhere is gone.
      await expect(listed(page)).toHaveCount(1);

      await deleteSshKey(account, second.Id);
      await page.getByRole('button', { name: t.delete('second') }).click();
      await dialog.getByRole('button', { name: t.confirmDelete, exact: true }).click();
      await expect(page.getByText(t.deleteFailed)).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
    });
  });
}
