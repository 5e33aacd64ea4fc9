import { TICKET_LIMITS, ticketContentError } from '@nimbus/contract';

/** The new-ticket form's values, as its inputs hold them. */
export interface NewTicketValues extends Record<string, unknown> {
  TypeId: string;
  InstanceId: string;
  Title: string;
  Content: string;
}

/**
 * The client's checks of a new ticket, the server's rules (TicketAddBody): a type, a title of 1 to
 * TICKET_LIMITS.titleMax characters and the content rules
 * (docs/product/tickets.md#rules-ticket_limits-packagescontractsrcticketsts). Answers FIELD_ERRORS
 * keys.
 */
export function validateNewTicket(v: NewTicketValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.TypeId === '') errors.TypeId = 'required';
  if (v.Title.trim() === '') errors.Title = 'required';
  else if (v.Title.length > TICKET_LIMITS.titleMax) errors.Title = 'incorrect_length';
  const content = ticketContentError(v.Content);
  if (content) errors.Content = content;
  return errors;
}

/** A reply's one check: "cannot be empty" and "too large". */
export const validateReply = (v: { Content: string }): Record<string, string> => {
  const content = ticketContentError(v.Content);
  return content ? { Content: content } : {};
};
