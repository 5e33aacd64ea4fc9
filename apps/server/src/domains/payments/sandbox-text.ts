import type { Locale, PaymentStatus } from '@nimbus/contract';

/** The sandbox page's words in each console language. */
export const SANDBOX_TEXT = {
  en_US: {
    title: 'Sandbox payment',
    banner: 'TEST GATEWAY — no real money moves. This page stands in for a payment provider.',
    amount: 'Amount',
    payment: 'Payment',
    purpose: { topup: 'Balance top-up', invoice: 'Invoice #{id}' },
    approve: 'Approve payment',
    decline: 'Decline',
    done: 'This payment is already {status}.',
    status: {
      pending: 'pending',
      succeeded: 'approved',
      failed: 'declined',
      cancelled: 'cancelled',
      expired: 'expired',
    },
    back: 'Back to billing',
    invalid: 'This payment link is not valid.',
  },
  zh_CN: {
    title: '沙盒支付',
    banner: '测试网关——不会产生真实的资金往来。本页面用于模拟支付服务商。',
    amount: '金额',
    payment: '付款单',
    purpose: { topup: '余额充值', invoice: '账单 #{id}' },
    approve: '确认付款',
    decline: '拒绝',
    done: '此付款已{status}。',
    status: { pending: '待处理', succeeded: '确认', failed: '拒绝', cancelled: '取消', expired: '过期' },
    back: '返回账单',
    invalid: '此付款链接无效。',
  },
} satisfies Record<Locale, unknown>;

export type SandboxText = (typeof SANDBOX_TEXT)['en_US'] & { status: Record<PaymentStatus, string> };
