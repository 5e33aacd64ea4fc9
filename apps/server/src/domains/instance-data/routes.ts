import {
  ActionTask,
  BackupAddBody,
  BackupList,
  BackupRefBody,
  FirewallRuleAddBody,
  FirewallRuleRefBody,
  FirewallRuleSetBody,
  FirewallSetBody,
  FirewallState,
  InstanceQuery,
  SnapshotAddBody,
  SnapshotList,
  SnapshotRefBody,
} from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { authOf } from '../../infra/http/session.js';
import { addBackup, deleteBackup, listBackups, restoreBackup } from './backups.js';
import { addRule, deleteRule, firewallState, setOptions, setRule, switchRule } from './firewall.js';
import { addSnapshot, deleteSnapshot, listSnapshots, restoreSnapshot } from './snapshots.js';

const ACTION =
  'Answers the id of the task that carries it out; poll api/instance/task/get until Status 2 (OK) or 5 (error). ' +
  'Another customer’s or a missing instance is 404 `instance_not_exist`; an instance that is not available or paused, or ' +
  'that runs another action, is 409 `wrong_status`.';
const FIREWALL_NOTE = ' Changes take 1 to 2 minutes to take effect.';

/** An instance's firewall, backups and snapshots; every change is a durable task. */
export async function instanceDataRoutes(app: Api, ctx: Context) {
  const action = replies(ActionTask);
  const user = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  app.get(
    '/instance/firewall/rules',
    {
      schema: {
        summary: 'The firewall of an instance',
        description: 'Its switch, default policies (in and out) and rules in the order Proxmox applies them.',
        querystring: InstanceQuery,
        response: replies(FirewallState),
      },
    },
    async (req) => ({ data: await firewallState(ctx, user(req), req.query.id) }),
  );
  app.post(
    '/instance/firewall/rule/add',
    {
      schema: {
        summary: 'Add a firewall rule',
        description: `Appended at the end unless \`Pos\` is given; at most 50 rules (409 \`quota_exceeded\`). ${ACTION}${FIREWALL_NOTE}`,
        body: FirewallRuleAddBody,
        response: action,
      },
    },
    async (req) => ({ data: await addRule(ctx, user(req), req.body) }),
  );
  app.post(
    '/instance/firewall/rule/set',
    {
      schema: {
        summary: 'Change a firewall rule',
        description: `Every field of the rule at \`Pos\` (404 \`db_no_record\` if there is none). ${ACTION}${FIREWALL_NOTE}`,
        body: FirewallRuleSetBody,
        response: action,
      },
    },
    async (req) => ({ data: await setRule(ctx, user(req), req.body) }),
  );
  for (const [path, summary] of [
    ['del', 'Delete a firewall rule'],
    ['enable', 'Enable a firewall rule'],
    ['disable', 'Disable a firewall rule'],
  ] as const) {
    app.post(
      `/instance/firewall/rule/${path}`,
      {
        schema: {
          summary,
          description: `The rule at \`Pos\` (404 \`db_no_record\` if there is none). ${ACTION}${FIREWALL_NOTE}`,
          body: FirewallRuleRefBody,
          response: action,
        },
      },
      async (req) => ({
        data:
          path === 'del'
            ? await deleteRule(ctx, user(req), req.body)
            : await switchRule(ctx, user(req), req.body, path === 'enable'),
      }),
    );
  }
  app.post(
    '/instance/firewall/set',
    {
      schema: {
        summary: 'Switch the firewall and set its default policies',
        description: `${ACTION}${FIREWALL_NOTE}`,
        body: FirewallSetBody,
        response: action,
      },
    },
    async (req) => ({ data: await setOptions(ctx, user(req), req.body) }),
  );

  app.get(
    '/instance/backups',
    {
      schema: {
        summary: 'The backups of an instance',
        description: 'Newest first, with the product’s quota.',
        querystring: InstanceQuery,
        response: replies(BackupList),
      },
    },
    async (req) => ({ data: await listBackups(ctx, user(req), req.query.id) }),
  );
  app.post(
    '/instance/backup/add',
    {
      schema: {
        summary: 'Back up an instance',
        description: `A full backup while it runs; beyond the quota is 409 \`quota_exceeded\`. ${ACTION}`,
        body: BackupAddBody,
        response: action,
      },
    },
    async (req) => ({ data: await addBackup(ctx, user(req), req.body) }),
  );
  app.post(
    '/instance/backup/restore',
    {
      schema: {
        summary: 'Restore a backup',
        description: `Replaces the instance’s disk and settings with the backup’s, keeping its network, size and login settings; it is started again if it was running. ${ACTION}`,
        body: BackupRefBody,
        response: action,
      },
    },
    async (req) => ({ data: await restoreBackup(ctx, user(req), req.body) }),
  );
  app.post(
    '/instance/backup/del',
    {
      schema: { summary: 'Delete a backup', description: ACTION, body: BackupRefBody, response: action },
    },
    async (req) => ({ data: await deleteBackup(ctx, user(req), req.body) }),
  );

  app.get(
    '/instance/snapshots',
    {
      schema: {
        summary: 'The snapshots of an instance',
        description: 'Newest first, with the product’s quota.',
        querystring: InstanceQuery,
        response: replies(SnapshotList),
      },
    },
    async (req) => ({ data: await listSnapshots(ctx, user(req), req.query.id) }),
  );
  app.post(
    '/instance/snapshot/add',
    {
      schema: {
        summary: 'Take a snapshot',
        description: `A name already used is 400 with \`fields.Name\`; beyond the quota is 409 \`quota_exceeded\`. ${ACTION}`,
        body: SnapshotAddBody,
        response: action,
      },
    },
    async (req) => ({ data: await addSnapshot(ctx, user(req), req.body) }),
  );
  app.post(
    '/instance/snapshot/restore',
    {
      schema: {
        summary: 'Roll back to a snapshot',
        description: `Keeps the instance’s network, size and login settings; it is started again if it was running. ${ACTION}`,
        body: SnapshotRefBody,
        response: action,
      },
    },
    async (req) => ({ data: await restoreSnapshot(ctx, user(req), req.body) }),
  );
  app.post(
    '/instance/snapshot/del',
    {
      schema: { summary: 'Delete a snapshot', description: ACTION, body: SnapshotRefBody, response: action },
    },
    async (req) => ({ data: await deleteSnapshot(ctx, user(req), req.body) }),
  );
}
