import { formatAmount } from '@nimbus/contract';
import type { Mail } from '../../infra/mail/mailer.js';
import type { NoticeFacts, NoticeKind } from './repository.js';

export type { NoticeFacts };

type Text = (f: NoticeFacts & { brand: string; money: string; link: string; day: (d: Date) => string }) => {
  subject: string;
  body: string[];
};

const EN: Record<NoticeKind, Text> = {
  invoice: (f) => ({
    subject: `${f.brand}: renewal invoice #${f.invoiceId} for ${f.hostname}`,
    body: [
      `The renewal invoice of ${f.hostname} is ready: ${f.money}, due ${f.day(f.dueDate)}.`,
      `Pay it by then to keep the server running: ${f.link}`,
      `Unpaid on the due date, the server is suspended (stopped).`,
    ],
  }),
  autopay_failed: (f) => ({
    subject: `${f.brand}: auto-renew could not pay for ${f.hostname}`,
    body: [
      `Auto-renew tried to pay invoice #${f.invoiceId} (${f.money}) for ${f.hostname}, but your balance is too low.`,
      `Top up or pay the invoice by ${f.day(f.dueDate)} to keep the server running: ${f.link}`,
    ],
  }),
  renewed: (f) => ({
    subject: `${f.brand}: ${f.hostname} is renewed`,
    body: [`Invoice #${f.invoiceId} (${f.money}) is paid. ${f.hostname} is renewed until ${f.day(f.dueAt)}.`],
  }),
  resumed: (f) => ({
    subject: `${f.brand}: ${f.hostname} is back`,
    body: [
      `Invoice #${f.invoiceId} (${f.money}) is paid, so ${f.hostname} is no longer suspended and is starting again.`,
      `It is renewed until ${f.day(f.dueAt)}.`,
    ],
  }),
  suspended: (f) => ({
    subject: `${f.brand}: ${f.hostname} is suspended for non-payment`,
    body: [
      `Invoice #${f.invoiceId} (${f.money}) was not paid by ${f.day(f.dueDate)}, so ${f.hostname} is stopped and suspended.`,
      `Pay it to start it again: ${f.link}`,
      `Unpaid on ${f.day(f.destroyAt)}, the server is destroyed with its data.`,
    ],
  }),
  destroyed: (f) => ({
    subject: `${f.brand}: ${f.hostname} is destroyed`,
    body: [
      `Invoice #${f.invoiceId} stayed unpaid past the grace period, so ${f.hostname} is destroyed with its data and the invoice is cancelled.`,
    ],
  }),
};

const ZH: Record<NoticeKind, Text> = {
  invoice: (f) => ({
    subject: `${f.brand}：${f.hostname} 的续费账单 #${f.invoiceId}`,
    body: [
      `${f.hostname} 的续费账单已生成：${f.money}，到期日 ${f.day(f.dueDate)}。`,
      `请在到期前支付，以免服务器中断：${f.link}`,
      `到期仍未支付，服务器将被暂停（关机）。`,
    ],
  }),
  autopay_failed: (f) => ({
    subject: `${f.brand}：${f.hostname} 自动续费扣款失败`,
    body: [
      `自动续费尝试支付 ${f.hostname} 的账单 #${f.invoiceId}（${f.money}），但您的余额不足。`,
      `请在 ${f.day(f.dueDate)} 前充值或支付账单，以免服务器中断：${f.link}`,
    ],
  }),
  renewed: (f) => ({
    subject: `${f.brand}：${f.hostname} 已续费`,
    body: [`账单 #${f.invoiceId}（${f.money}）已支付，${f.hostname} 已续费至 ${f.day(f.dueAt)}。`],
  }),
  resumed: (f) => ({
    subject: `${f.brand}：${f.hostname} 已恢复`,
    body: [
      `账单 #${f.invoiceId}（${f.money}）已支付，${f.hostname} 已解除暂停，正在重新启动。`,
      `有效期至 ${f.day(f.dueAt)}。`,
    ],
  }),
  suspended: (f) => ({
    subject: `${f.brand}：${f.hostname} 因欠费已被暂停`,
    body: [
      `账单 #${f.invoiceId}（${f.money}）在 ${f.day(f.dueDate)} 前未支付，${f.hostname} 已关机并暂停。`,
      `支付后即可重新启动：${f.link}`,
      `如在 ${f.day(f.destroyAt)} 前仍未支付，服务器及其数据将被销毁。`,
    ],
  }),
  destroyed: (f) => ({
    subject: `${f.brand}：${f.hostname} 已被销毁`,
    body: [`账单 #${f.invoiceId} 超过宽限期仍未支付，${f.hostname} 及其数据已被销毁，账单已取消。`],
  }),
};

/** A renewal step's mail in the customer's language. */
export function renewalMail(brand: string, publicUrl: string, f: NoticeFacts): Mail {
  const text = (f.locale === 'zh_CN' ? ZH : EN)[f.kind]({
    ...f,
    brand,
    money: `${formatAmount(f.amount)} ${f.currency.trim()}`,
    link: `${publicUrl}/invoices/${f.invoiceId}`,
    day: (d) => d.toISOString().slice(0, 10),
  });
  return { to: f.email, subject: text.subject, text: text.body.join('\n') };
}
