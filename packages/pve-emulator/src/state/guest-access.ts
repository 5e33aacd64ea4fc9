import type { GuestAccess } from '../console/index.js';
import type { Cluster } from './cluster.js';
import { defaultUser } from './config-ops.js';

/** Lets a console see its VM live: name, OS, power state and the current login credentials. */
export function guestAccess(cluster: Cluster, vmid: number): GuestAccess {
  const vm = () => cluster.vms.get(vmid);
  return {
    hostname: () => vm()?.config.name ?? `vm${vmid}`,
    osPrettyName: () => vm()?.os.prettyName ?? 'Linux',
    running: () => vm()?.status === 'running',
    checkLogin: (user, password) => {
      const v = vm();
      if (!v || v.status !== 'running') return false;
      const expected = v.guestPasswords[user];
      // Only the cloud-init user (or root once a password was set for it through the agent) can log in.
      const allowed = user === (v.config.ciuser ?? defaultUser(v)) || user in v.guestPasswords;
      return allowed && expected !== undefined && expected === password;
    },
  };
}
