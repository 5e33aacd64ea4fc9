import type { CycleKey, InvoiceKind, InvoiceStatus, Locale } from '@nimbus/contract';

/** The words of the PDF invoices and receipts, in each console language (the web app's wording). */
export const DOCUMENT_TEXT = {
  en_US: {
    invoice: 'Invoice #{id}',
    receipt: 'Receipt #{id}',
    status: { unpaid: 'Unpaid', paid: 'Paid', cancelled: 'Cancelled' },
    kind: { deploy: 'New server', renewal: 'Renewal', upgrade: 'Upgrade', manual: 'Manual invoice' },
    cycles: {
      monthly: 'Monthly',
      quarterly: 'Quarterly',
      semi_annually: 'Semi-annually',
      annually: 'Annually',
      biennially: 'Biennially',
    },
    from: 'From',
    invoicedTo: 'Invoiced to',
    receivedFrom: 'Received from',
    taxId: 'Tax ID: {id}',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    paidAt: 'Paid on',
    cycle: 'Billing cycle',
    period: 'Service period',
    periodRange: '{start} – {end}',
    instance: 'Instance',
    method: 'Payment method',
    description: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax ({rate}%)',
    total: 'Total',
    amountPaid: 'Amount paid',
    topUp: 'Balance top-up',
    invoicePayment: 'Payment for invoice #{invoice}',
    taxIncluded: 'Prices include tax.',
    receiptNote: 'Received with thanks. Tax is shown on the invoices this payment settles.',
  },
  zh_CN: {
    invoice: '账单 #{id}',
    receipt: '收据 #{id}',
    status: { unpaid: '待支付', paid: '已支付', cancelled: '已取消' },
    kind: { deploy: '新购服务器', renewal: '续费', upgrade: '升级', manual: '人工账单' },
    cycles: {
      monthly: '月付',
      quarterly: '季付',
      semi_annually: '半年付',
      annually: '年付',
      biennially: '两年付',
    },
    from: '服务商',
    invoicedTo: '账单抬头',
    receivedFrom: '付款方',
    taxId: '税号：{id}',
    invoiceDate: '账单日期',
    dueDate: '到期日期',
    paidAt: '支付日期',
    cycle: '计费周期',
    period: '服务期间',
    periodRange: '{start} 至 {end}',
    instance: '实例',
    method: '支付方式',
    description: '项目',
    amount: '金额',
    subtotal: '小计',
    tax: '税费（{rate}%）',
    total: '合计',
    amountPaid: '实付金额',
    topUp: '账户余额充值',
    invoicePayment: '支付账单 #{invoice}',
    taxIncluded: '以上价格均已含税。',
    receiptNote: '款项已收讫。税费列于本笔款项所支付的账单中。',
  },
} satisfies Record<Locale, unknown>;

export type DocumentText = (typeof DOCUMENT_TEXT)['en_US'] & {
  status: Record<InvoiceStatus, string>;
  kind: Record<InvoiceKind, string>;
  cycles: Record<CycleKey, string>;
};

/** Fills `{name}` placeholders. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
