import { pickText, type Locale, type LocalText } from '@nimbus/contract';

/**
 * Ledger notes and invoice lines are stored as data — a key and its arguments — and rendered in
 * the reader's language when read (an invoice's printed form in the language it was issued in).
 * An argument is plain (a hostname, an id) or a catalogue name in both languages, kept as it was
 * when the line was written.
 *
 * To add a line: a template here in both languages, then `line('key', { … })` where the note or
 * item is written. `{name}` is replaced by the argument of that name.
 */
export const LINE_TEMPLATES = {
  // Ledger notes.
  deploy_charge: { en_US: 'Deploy {hostname} (#{instance})', zh_CN: '部署 {hostname}（#{instance}）' },
  deploy_refund: {
    en_US: 'Refund: deploy of {hostname} failed (#{instance})',
    zh_CN: '退款：{hostname} 部署失败（#{instance}）',
  },
  upgrade_charge: {
    en_US: 'Upgrade {hostname} to {product} (#{instance})',
    zh_CN: '升级 {hostname} 至 {product}（#{instance}）',
  },
  upgrade_refund: {
    en_US: 'Refund: upgrade of {hostname} failed (#{instance})',
    zh_CN: '退款：{hostname} 升级失败（#{instance}）',
  },
  upgrade_renewal_refund: {
    en_US: 'Refund: invoice #{invoice} priced for an upgrade of {hostname} that failed (#{instance})',
    zh_CN: '退款：账单 #{invoice} 按 {hostname} 的升级价计费，但升级失败（#{instance}）',
  },
  invoice_payment: { en_US: 'Invoice #{invoice}', zh_CN: '支付账单 #{invoice}' },
  invoice_refund: { en_US: 'Refund of invoice #{invoice}', zh_CN: '账单 #{invoice} 退款' },
  topup: { en_US: 'Top-up: payment #{payment} ({method})', zh_CN: '余额充值：付款 #{payment}（{method}）' },
  invoice_topup: {
    en_US: 'Payment #{payment} ({method}) for invoice #{invoice}',
    zh_CN: '付款 #{payment}（{method}），用于支付账单 #{invoice}',
  },
  payment_refunded: {
    en_US: 'Payment #{payment} ({method}) refunded',
    zh_CN: '付款 #{payment}（{method}）已退款',
  },
  payment_disputed: {
    en_US: 'Payment #{payment} ({method}) disputed by the card holder',
    zh_CN: '付款 #{payment}（{method}）被持卡人拒付',
  },
  payment_dispute_won: {
    en_US: 'Dispute of payment #{payment} ({method}) decided in our favour: amount restored',
    zh_CN: '付款 #{payment}（{method}）的拒付争议已胜诉：金额已恢复',
  },
  commission_moved: { en_US: 'Affiliate commission moved to balance', zh_CN: '推广佣金转入余额' },
  commission_reversed: {
    en_US: 'Affiliate commission reversed (refunded purchase)',
    zh_CN: '推广佣金撤回（推荐的订单已退款）',
  },
  demo_credit: { en_US: 'Demo credit', zh_CN: '演示赠送额度' },
  initial_balance: { en_US: 'Initial balance', zh_CN: '初始余额' },
  // Invoice lines.
  service: { en_US: '{type} {product}, {region} — {hostname}', zh_CN: '{region} {type} {product} — {hostname}' },
  // Written as the checkout writes it (apps/web deploy.json summary.discount), amount negative.
  promotion: { en_US: 'Discount ({code})', zh_CN: '优惠（{code}）' },
  upgrade: {
    en_US: 'Upgrade {from} → {to}, prorated to the end of the period — {hostname}',
    zh_CN: '升级 {from} → {to}，按本周期剩余时间折算 — {hostname}',
  },
  // What an operator typed, in the languages they wrote it in.
  text: { en_US: '{text}', zh_CN: '{text}' },
} as const satisfies Record<string, LocalText>;

export type LineKey = keyof typeof LINE_TEMPLATES;
export type LineArg = string | number | LocalText;

/** A ledger note or invoice line as stored (`ledger.note_data`, `invoice_items.line`). */
export interface Line {
  key: LineKey;
  args: Record<string, LineArg>;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** A line to store; every placeholder of its template needs an argument. */
export function line(key: LineKey, args: Record<string, LineArg> = {}): Line {
  for (const [, name] of LINE_TEMPLATES[key].en_US.matchAll(PLACEHOLDER)) {
    if (args[name!] === undefined) throw new Error(`line ${key} needs the argument ${name}`);
  }
  return { key, args };
}

/** An operator's free text (a balance note, a manual invoice's description) in one language or both. */
export const textLine = (text: LocalText): Line => line('text', { text });

const argText = (arg: LineArg | undefined, locale: Locale): string =>
  arg === undefined ? '' : typeof arg === 'object' ? pickText(arg, locale) : String(arg);

/** A stored line in a language; a key this version does not know (a newer one's) reads as its English text. */
export function renderLine(stored: Line, locale: Locale, fallback = ''): string {
  const template = (LINE_TEMPLATES as Record<string, LocalText>)[stored.key];
  if (!template) return fallback;
  return template[locale].replace(PLACEHOLDER, (_, name: string) => argText(stored.args[name], locale));
}

/** What the reader sees of a stored note or item: its line in their language, else the text stored with it. */
export const lineText = (stored: Line | null, text: string, locale: Locale): string =>
  stored ? renderLine(stored, locale, text) : text;
