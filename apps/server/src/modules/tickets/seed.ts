import type { Db } from '../../db/pool.js';
import { ticketTypes } from './repository.js';

/** The ticket types a new console starts with; the operator adds more with ticket-type:create. */
export const DEFAULT_TICKET_TYPES = [
  { name: 'Technical support', description: 'Problems with an instance, its network or its console.' },
  { name: 'Billing', description: 'Invoices, payments, refunds and your balance.' },
  { name: 'Sales', description: 'Questions before you buy, larger plans and custom needs.' },
] as const;

/**
 * On a database without ticket types (a first start), adds the default ones, so customers can
 * open tickets from the start; answers the names added.
 */
export async function seedTicketTypes(db: Db): Promise<string[]> {
  if ((await ticketTypes.count(db)) > 0) return [];
  const added: string[] = [];
  for (const t of DEFAULT_TICKET_TYPES) {
    if (await ticketTypes.insert(db, t.name, t.description)) added.push(t.name);
  }
  return added;
}
