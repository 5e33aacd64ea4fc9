import type { Db } from '../../infra/db/pool.js';
import { ticketTypes } from './repository.js';

/** The ticket types a new console starts with; the operator adds more with ticket-type:create. */
export const DEFAULT_TICKET_TYPES = [
  {
    name: { en_US: 'Technical support', zh_CN: '技术支持' },
    description: {
      en_US: 'Problems with an instance, its network or its console.',
      zh_CN: '实例、网络或控制台方面的问题。',
    },
  },
  {
    name: { en_US: 'Billing', zh_CN: '账单与付款' },
    description: { en_US: 'Invoices, payments, refunds and your balance.', zh_CN: '账单、付款、退款及账户余额。' },
  },
  {
    name: { en_US: 'Sales', zh_CN: '售前咨询' },
    description: {
      en_US: 'Questions before you buy, larger plans and custom needs.',
      zh_CN: '购买前的疑问、更高配置的套餐及定制需求。',
    },
  },
] as const;

/**
 * On a database without ticket types (a first start), adds the default ones, so customers can
 * open tickets from the start; answers the names added.
 */
export async function seedTicketTypes(db: Db): Promise<string[]> {
  if ((await ticketTypes.count(db)) > 0) return [];
  const added: string[] = [];
  for (const t of DEFAULT_TICKET_TYPES) {
    if (await ticketTypes.insert(db, t.name, t.description)) added.push(t.name.en_US);
  }
  return added;
}
