import { accountsModule } from './domains/accounts/manifest.js';
import { affiliateModule } from './domains/affiliate/manifest.js';
import { billingModule } from './domains/billing/manifest.js';
import { catalogModule } from './domains/catalog/manifest.js';
import { consolesModule } from './domains/consoles/manifest.js';
import { deployModule } from './domains/deploy/manifest.js';
import { healthModule } from './domains/health/manifest.js';
import { instanceDataModule } from './domains/instance-data/manifest.js';
import { instancesModule } from './domains/instances/manifest.js';
import { keysModule } from './domains/keys/manifest.js';
import { noticesModule } from './domains/notices/manifest.js';
import { oauthModule } from './domains/oauth/manifest.js';
import { paymentsModule } from './domains/payments/manifest.js';
import { renewalsModule } from './domains/renewals/manifest.js';
import { siteModule } from './domains/site/manifest.js';
import { staffModule } from './domains/staff/manifest.js';
import { ticketsModule } from './domains/tickets/manifest.js';
import type { ModuleManifest, SetupContext } from './infra/lib/module.js';

/**
 * Every module, in the order their routes are registered (a module after those it depends on). The
 * app, the workers, the admin CLI and the test harness loop over this list.
 */
export const MODULES: readonly ModuleManifest[] = [
  healthModule,
  siteModule,
  accountsModule,
  keysModule,
  billingModule,
  // Before affiliate: a paid renewal moves the due date on before the commission is recorded, as before.
  renewalsModule,
  affiliateModule,
  catalogModule,
  deployModule,
  instancesModule,
  instanceDataModule,
  consolesModule,
  paymentsModule,
  noticesModule,
  staffModule,
  ticketsModule,
  oauthModule,
];

/**
 * Runs every module's setup: each kind of process that pays or refunds invoices, ends sessions or
 * destroys instances calls it first (the app, the workers, the admin CLI). Hooks are kept in sets,
 * so a second call (several apps in one test process) registers nothing twice.
 */
export async function setupModules(ctx: SetupContext): Promise<void> {
  for (const m of MODULES) await m.setup?.(ctx);
}
