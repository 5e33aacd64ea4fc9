import { RegisterCodeBody } from '@nimbus/contract';
import { useAction } from '../../../lib/use-action';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const sendRegisterCode = (body: z.input<typeof RegisterCodeBody>) =>
  api.send('register/code', RegisterCodeBody.parse(body));

/** POST api/register/code: mails a 6-digit code to a new address. */
export function useSendRegisterCode() {
  return useAction(sendRegisterCode);
}
