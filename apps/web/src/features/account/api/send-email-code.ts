import { EmailCodeBody } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export const sendEmailCode = (body: z.input<typeof EmailCodeBody>) =>
  api.send('user/email/code', EmailCodeBody.parse(body));

/** POST api/user/email/code: mails a code to the new address (`email_exist` when it is taken). */
export function useSendEmailCode() {
  return useAction(sendEmailCode);
}
