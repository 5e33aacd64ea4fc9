import { ForgetBody } from '@nimbus/contract';
import { useAction } from '../../../lib/use-action';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { HumanGuard } from '../human-check/use-human-check';

export const forgetPassword = (body: z.input<typeof ForgetBody>) => api.send('password/forget', ForgetBody.parse(body));

/** POST api/password/forget: mails a reset code; answers the same whether the email exists or not. */
export function useForgetPassword(guard: HumanGuard) {
  return useAction((body: z.input<typeof ForgetBody>) => guard((Captcha) => forgetPassword({ ...body, Captcha })));
}
