import { describe, expect, it } from 'vitest';
import { renewalMail, type NoticeFacts } from './mail.js';

const facts: NoticeFacts = {
  kind: 'suspended',
  locale: 'en_US',
  email: 'ada@example.com',
  hostname: 'web-1',
  invoiceId: 42,
  amount: 1250,
  currency: 'USD',
  dueDate: new Date('2026-12-01T10:00:00Z'),
  dueAt: new Date('2026-12-01T10:00:00Z'),
  destroyAt: new Date('2026-12-08T10:00:00Z'),
};

describe('renewal mails', () => {
  it('say what happened, how much, by when and where to pay, in English', () => {
    const m = renewalMail('Nimbus', 'https://cloud.example', facts);
    expect(m.to).toBe('ada@example.com');
    expect(m.subject).toBe('Nimbus: web-1 is suspended for non-payment');
    expect(m.text).toContain('12.50 USD');
    expect(m.text).toContain('https://cloud.example/invoices/42');
    expect(m.text).toContain('2026-12-08');
  });

  it('are written in Chinese for a zh_CN customer', () => {
    const m = renewalMail('Nimbus', 'https://cloud.example', { ...facts, locale: 'zh_CN', kind: 'resumed' });
    expect(m.subject).toBe('Nimbus：web-1 已恢复');
    expect(m.text).toContain('账单 #42（12.50 USD）已支付');
  });

  it('write a large amount with thousands separators, as the console does', () => {
    for (const locale of ['en_US', 'zh_CN'] as const) {
      const m = renewalMail('Nimbus', 'https://cloud.example', { ...facts, locale, amount: 123_456_789 });
      expect(m.text).toContain('1,234,567.89 USD');
    }
  });
});
