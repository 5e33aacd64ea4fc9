import { api } from '../../../lib/api-client';

/** POST api/aff/click: the register page of a referral link tells the server it was visited. */
export const recordReferralClick = (code: string) => api.send('aff/click', { Code: code });
