import { PASSWORD } from '@nimbus/contract';

/** Interpolation values for the "{{min}} to {{max}} characters" hint. */
export const PASSWORD_HINT = { min: PASSWORD.min, max: PASSWORD.max } as const;
