import type { BackupList, DeployResult, Payment, SshKey } from '@nimbus/contract';
import { expect } from 'vitest';
import { call, signUp } from './api.js';
import { deployBody, pick, topUp, waitTask } from './deploy-helpers.js';
import type { Harness } from './harness.js';
import { done } from './instance-data-helpers.js';
import { topUpPayment, unpaidInvoice } from './payment-helpers.js';
import { newPublicKey } from './ssh-keys.js';
import { opened, pngBytes, uploaded } from './ticket-helpers.js';

// A customer with one of each object the API names by id, made through the real flows: the fuzz
// suite uses their ids to reach past "not found", the access suite tries them as another customer.

export interface CustomerObjects {
  email: string;
  password: string;
  ssid: string;
  userId: number;
  instanceId: number;
  hostname: string;
  /** The deploy's task. */
  taskId: number;
  /** A ready backup of the instance. */
  backupId: number;
  /** The product deployed, a bigger one of its group, and the image installed. */
  productId: number;
  upgradeProductId: number;
  templateId: number;
  keyId: number;
  /** The ticket type (shared by every customer) of the ticket. */
  typeId: number;
  ticketId: number;
  /** An upload sent with the ticket, and one not sent yet. */
  sentAttachmentId: number;
  pendingAttachmentId: number;
  invoiceId: number;
  /** A sandbox top-up waiting for its decision, with the token of its checkout page. */
  paymentId: number;
  paymentToken: string;
}

/**
 * Signs a customer up with money, deploys a Hong Kong "1 vCPU · 1 GB" instance (and backs it
 * up when `backup`), adds an SSH key, opens a ticket of `typeId` with an attachment, uploads another,
 * and gets an unpaid invoice and a pending top-up.
 */
export async function customerWithObjects(
  h: Harness,
  opts: { hostname: string; typeId: number; backup?: boolean },
): Promise<CustomerObjects> {
  const u = await signUp(h);
  await topUp(h, u.userId, 100_000);
  const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
  const { product: bigger } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 2 GB');
  const deployed = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: u.ssid,
    body: deployBody(product.Id, templates[0]!.Id, { Hostnames: [opts.hostname] }),
  });
  expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
  const { InstanceId: instanceId, TaskId: taskId } = deployed.body.data;
  expect(await waitTask(h, u.ssid, deployed.body.data)).toEqual({ Status: 2, Step: 4 });
  let backupId = 0;
  if (opts.backup) {
    expect(await done(h, u, instanceId, 'backup/add', { Name: 'nightly', Description: '' })).toBe(2);
    const list = await call<BackupList>(h, 'GET', `/api/instance/backups?id=${instanceId}`, { ssid: u.ssid });
    backupId = list.body.data.Items[0]!.Id;
  }
  const key = await call<SshKey>(h, 'POST', '/api/key/add', {
    ssid: u.ssid,
    body: { Name: 'laptop', PublicKey: newPublicKey() },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const sent = await uploaded(h, u.ssid, 'screen.png', pngBytes());
  const ticket = await opened(h, u.ssid, {
    Title: 'Disk',
    TypeId: opts.typeId,
    Content: 'The disk is slow.',
    AttachmentIds: [sent.Id],
  });
  const pending = await uploaded(h, u.ssid, 'later.png', pngBytes());
  const invoice = await unpaidInvoice(h, u.userId, 500);
  const payment: Payment = await topUpPayment(h, u.ssid, 1000);
  return {
    ...u,
    instanceId,
    hostname: opts.hostname,
    taskId,
    backupId,
    productId: product.Id,
    upgradeProductId: bigger.Id,
    templateId: templates[0]!.Id,
    keyId: key.body.data.Id,
    typeId: opts.typeId,
    ticketId: ticket.Id,
    sentAttachmentId: sent.Id,
    pendingAttachmentId: pending.Id,
    invoiceId: invoice.id,
    paymentId: payment.Id,
    paymentToken: new URL(payment.Url!, 'http://console.test').searchParams.get('t')!,
  };
}
