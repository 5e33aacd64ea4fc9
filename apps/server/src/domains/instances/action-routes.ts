import {
  ActionTask,
  AutoRenewBody,
  AutoRenewResult,
  DestroyBody,
  InstanceIdBody,
  InstanceQuery,
  NetworkBody,
  PasswordBody,
  RecreateBody,
  StopBody,
  UpgradeBody,
  UpgradeOptions,
} from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { authOf } from '../../infra/http/session.js';
import { startDestroy } from './destroy.js';
import { startPower, type PowerKind } from './power.js';
import { startRecreate } from './recreate.js';
import { setAutoRenew, startNetwork, startPassword } from './settings.js';
import { startUpgrade, upgradeOptions } from './upgrade.js';

const POLL = 'Answers the task id; poll `GET /api/instance/task/get` until Status 2 (OK) or 5 (failed).';
const REFUSALS =
  'Another customer’s id is 404 `instance_not_exist`; a state that forbids the action, or another action still running, is 409 `wrong_status`.';

const POWER: { kind: PowerKind; summary: string; when: string }[] = [
  { kind: 'start', summary: 'Start an instance', when: 'Only when the VM is stopped.' },
  { kind: 'restart', summary: 'Restart an instance', when: 'Reboots the guest; only when the VM runs.' },
  {
    kind: 'pause',
    summary: 'Pause an instance',
    when: 'Freezes the VM in memory (status `paused`); only when it runs.',
  },
  {
    kind: 'resume',
    summary: 'Resume a paused instance',
    when: 'Only when the VM is paused (status back to `available`).',
  },
];

/**
 * The lifecycle actions (docs/product/instances.md): power, destroy, reinstall, upgrade, password,
 * network, auto-renew.
 */
export async function instanceActionRoutes(app: Api, ctx: Context) {
  for (const p of POWER) {
    app.post(
      `/instance/${p.kind}`,
      {
        schema: {
          summary: p.summary,
          description: `${p.when} ${POLL} ${REFUSALS}`,
          body: InstanceIdBody,
          response: replies(ActionTask),
        },
      },
      async (req) => ({ data: await startPower(ctx, authOf(req).userId, p.kind, req.body.Id) }),
    );
  }
  app.post(
    '/instance/stop',
    {
      schema: {
        summary: 'Stop an instance',
        description: `Asks the guest to shut down (powered off if it does not within the timeout); \`Force\` powers off at once, also a paused VM. Only when the VM runs. ${POLL} ${REFUSALS}`,
        body: StopBody,
        response: replies(ActionTask),
      },
    },
    async (req) => ({ data: await startPower(ctx, authOf(req).userId, 'stop', req.body.Id, req.body.Force) }),
  );
  app.post(
    '/instance/destroy',
    {
      schema: {
        summary: 'Destroy an instance',
        description: `Removes the VM and its disks for good and gives back its address; the instance ends \`destroyed\`. \`Hostname\` must repeat the instance’s hostname, else 400 with fields.Hostname = hostname_mismatch. ${POLL} ${REFUSALS}`,
        body: DestroyBody,
        response: replies(ActionTask),
      },
    },
    async (req) => ({ data: await startDestroy(ctx, authOf(req).userId, req.body.Id, req.body.Hostname) }),
  );
  app.post(
    '/instance/recreate',
    {
      schema: {
        summary: 'Reinstall an instance',
        description: `Rebuilds the VM from one of its product’s images (api/product/templates) with new credentials, keeping its VMID, address and size; started afterwards if \`Start\`. The instance is \`recreating\` meanwhile and \`available\` after, also when the task fails. ${POLL} ${REFUSALS}`,
        body: RecreateBody,
        response: replies(ActionTask),
      },
    },
    async (req) => ({ data: await startRecreate(ctx, authOf(req).userId, req.body) }),
  );
  app.get(
    '/instance/upgrades',
    {
      schema: {
        summary: 'The sizes an instance can be upgraded to',
        description:
          'Larger sizes of the same type priced for the instance’s cycle, each with the prorated `Charge` an upgrade takes now.',
        querystring: InstanceQuery,
        response: replies(UpgradeOptions),
      },
    },
    async (req) => ({ data: await upgradeOptions(ctx, authOf(req).userId, req.query.id, localeOf(req)) }),
  );
  app.post(
    '/instance/upgrade',
    {
      schema: {
        summary: 'Upgrade an instance to a larger size',
        description: `Charges the prorated difference to the end of the current cycle (409 \`balance_not_enough\` when short, refunded if the resize fails), records a paid upgrade invoice, then resizes cores, memory and disk (rebooting if the VM runs and cannot take them live). ${POLL} ${REFUSALS}`,
        body: UpgradeBody,
        response: replies(ActionTask),
      },
    },
    async (req) => ({ data: await startUpgrade(ctx, authOf(req).userId, req.body.Id, req.body.ProductId) }),
  );
  app.post(
    '/instance/password',
    {
      schema: {
        summary: 'Change the login password',
        description: `Sets it through the guest agent when the VM runs (task step 2: works now), and in cloud-init otherwise (step 3: takes effect at the next boot). ${POLL} ${REFUSALS}`,
        body: PasswordBody,
        response: replies(ActionTask),
      },
    },
    async (req) => ({ data: await startPassword(ctx, authOf(req).userId, req.body.Id, req.body.Password) }),
  );
  app.post(
    '/instance/network',
    {
      schema: {
        summary: 'Change the hostname and reverse DNS name',
        description: `Renames the VM (the guest takes the hostname from cloud-init at the next boot) and stores the reverse DNS name of the main address (empty clears it). ${POLL} ${REFUSALS}`,
        body: NetworkBody,
        response: replies(ActionTask),
      },
    },
    async (req) => ({
      data: await startNetwork(ctx, authOf(req).userId, req.body.Id, req.body.Hostname, req.body.ReverseDns),
    }),
  );
  app.post(
    '/instance/autorenew',
    {
      schema: {
        summary: 'Turn auto-renew on or off',
        description:
          'Stored at once (no task). Another customer’s id is 404; a destroyed or cancelled instance is 409 `wrong_status`.',
        body: AutoRenewBody,
        response: replies(AutoRenewResult),
      },
    },
    async (req) => ({ data: await setAutoRenew(ctx, authOf(req).userId, req.body.Id, req.body.AutoRenew) }),
  );
}
