import { formatAmount } from '@nimbus/contract';

/** An amount in minor units as people read it, with its currency: "1,234.50 USD". */
export const money = (minor: number, currency: string) => `${formatAmount(minor)} ${currency}`;

/** A ledger amount with its sign always shown: "+12.50 USD", "-3.00 USD". */
export const signedMoney = (minor: number, currency: string) => `${minor > 0 ? '+' : ''}${money(minor, currency)}`;
