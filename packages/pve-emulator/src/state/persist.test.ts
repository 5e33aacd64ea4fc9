import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, cloneVm, start, waitTask } from '../../test/helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pve-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an emulator with a state file', () => {
  it('comes back with its VMs, snapshots, firewall rules and backups after a restart', async () => {
    const stateFile = path.join(dir, 'a', 'cluster.json');
    let em = await start({ stateFile });
    await cloneVm(em, 700);
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/700/status/start')).body.data);
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/700/snapshot', { snapname: 'first' })).body.data);
    const rule = { type: 'in', action: 'ACCEPT', proto: 'tcp', dport: '22', enable: 1 };
    expect((await api(em, 'POST', '/nodes/pve1/qemu/700/firewall/rules', rule)).status).toBe(200);
    const dump = await api(em, 'POST', '/nodes/pve1/vzdump', { vmid: 700, mode: 'snapshot' });
    await waitTask(em, dump.body.data);
    const backupsBefore = (await api(em, 'GET', '/nodes/pve1/storage/backup/content', { content: 'backup' })).body.data;
    await em.close();

    em = await start({ stateFile });
    try {
      expect(em.vm(700)).toMatchObject({ status: 'running', snapshots: ['first'], lock: undefined });
      const rules = (await api(em, 'GET', '/nodes/pve1/qemu/700/firewall/rules')).body.data as { dport?: string }[];
      expect(rules.map((r) => r.dport)).toEqual(['22']);
      const backups = (await api(em, 'GET', '/nodes/pve1/storage/backup/content', { content: 'backup' })).body.data;
      expect(backups).toEqual(backupsBefore);
      // Still a working cluster: the VM takes actions, a new VMID is not handed out twice.
      await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/700/status/stop')).body.data);
      expect(em.vm(700)?.status).toBe('stopped');
      expect((await api(em, 'GET', '/cluster/nextid', { vmid: 700 })).status).toBe(400);
    } finally {
      await em.close();
    }
  });

  it('writes shortly after a change without being closed, through a temporary file renamed in place', async () => {
    const stateFile = path.join(dir, 'b', 'cluster.json');
    const em = await start({ stateFile });
    try {
      await cloneVm(em, 701);
      await new Promise((r) => setTimeout(r, 500));
      expect(readdirSync(path.dirname(stateFile))).toEqual(['cluster.json']);
      // A second emulator reading the file, as after a kill -9 of the first, has the VM.
      const other = await start({ stateFile });
      try {
        expect(other.vm(701)?.node).toBe('pve1');
      } finally {
        await other.close();
      }
    } finally {
      await em.close();
    }
  });

  it('refuses a state file it cannot read rather than starting empty', async () => {
    const stateFile = path.join(dir, 'c.json');
    writeFileSync(stateFile, '{"version": 99}');
    await expect(start({ stateFile })).rejects.toThrow(/unknown emulator state version/);
  });
});
