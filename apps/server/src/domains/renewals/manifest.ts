import { defineModule } from '../../infra/lib/module.js';
import { registerRenewalHooks } from './hooks.js';
import { renewalQueue, scheduleRenewals } from './schedule.js';

export const renewalsModule = defineModule({
  name: 'renewals',
  dependencies: ['billing'],
  // A paid renewal invoice moves the due date on.
  setup: registerRenewalHooks,
  queues: (ctx) => [renewalQueue(ctx)],
  schedule: scheduleRenewals,
});
