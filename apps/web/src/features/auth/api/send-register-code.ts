import { RegisterCodeBody } from '@nimbus/contract';
import { useAction } from '../../../lib/use-action';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { HumanGuard } from '../human-check/use-human-check';

export const sendRegisterCode = (body: z.input<typeof RegisterCodeBody>) =>
  api.send('register/code', RegisterCodeBody.parse(body));

/** POST api/register/code: mails a 6-digit code to a new address. `guard` answers need_recaptcha. */
export function useSendRegisterCode(guard: HumanGuard) {
  return useAction((body: z.input<typeof RegisterCodeBody>) =>
    guard((Captcha) => sendRegisterCode({ ...body, Captcha })),
  );
}
