import { createHash } from 'node:crypto';
import { fail } from '../api/errors.js';
import type { Cluster } from './cluster.js';
import { hotpluggable } from './pending.js';
import type { VmState } from './types.js';

// Request parameters that steer the call rather than being config keys.
const CONTROL = new Set([
  'node',
  'vmid',
  'digest',
  'delete',
  'revert',
  'skiplock',
  'background_delay',
  'force',
  'current',
  'snapshot',
  // create/restore options that are not config keys
  'archive',
  'storage',
  'pool',
  'start',
  'unique',
  'live-restore',
  'bwlimit',
  'ha-managed',
]);
const CI_KEYS = ['ciuser', 'cipassword', 'sshkeys', 'name', 'nameserver', 'searchdomain', 'citype', 'cicustom'];

/** SHA-1 digest of a config file (pending section included), as `digest` parameters compare against. */
export function configDigest(config: Record<string, string>, pending: Record<string, string | null> = {}): string {
  const sorted = Object.keys(config)
    .sort()
    .map((k) => `${k}: ${config[k]}`);
  const pend = Object.keys(pending)
    .sort()
    .map((k) => `[PENDING] ${k}: ${String(pending[k])}`);
  return createHash('sha1')
    .update([...sorted, ...pend].join('\n'))
    .digest('hex');
}

/** The default cloud-image user when ciuser is not set. */
export function defaultUser(vm: VmState): string {
  if (vm.os.windows) return 'Administrator';
  return vm.os.id === 'mswindows' ? 'Administrator' : vm.os.id;
}

/** Hash over the cloud-init inputs; qemu-server derives the instance-id the same way. */
export function cloudInitHash(vm: VmState): string {
  const parts = [...CI_KEYS, ...Object.keys(vm.config).filter((k) => /^ipconfig\d+$/.test(k))].map(
    (k) => `${k}=${vm.config[k] ?? ''}`,
  );
  return createHash('sha1').update(parts.join('\n')).digest('hex');
}

/** Adds a generated MAC to a net property string that lacks one, like qemu-server does. */
export function normalizeNet(value: string, mac: string): string {
  const parts = value.split(',');
  const first = parts[0] ?? '';
  if (/^(model=)?[a-z0-9]+$/.test(first) && !parts.some((p) => p.startsWith('macaddr='))) {
    parts[0] = `${first.replace(/^model=/, '')}=${mac}`;
  }
  return parts.join(',');
}

/** Applies config parameters (set and `delete`) to a VM, checking the digest like update_vm_api. */
export function applyConfig(cluster: Cluster, vm: VmState, params: Record<string, string | string[]>): void {
  const digest = params.digest;
  if (typeof digest === 'string' && digest !== configDigest(vm.config, vm.pending)) {
    throw fail('detected modified configuration - file changed by other user? Try again.');
  }
  // `revert` drops pending changes without touching the running config.
  const revert = typeof params.revert === 'string' ? params.revert.split(/[,;\s]+/).filter(Boolean) : [];
  for (const key of revert) delete vm.pending[key];
  const del = typeof params.delete === 'string' ? params.delete.split(/[,;\s]+/).filter(Boolean) : [];
  for (const key of del) {
    if (params[key] !== undefined) throw fail(`cannot set and delete '${key}' at the same time`);
    if (key === 'cipassword') vm.ciPlain = undefined;
    if (hotpluggable(vm, key)) delete vm.config[key];
    else vm.pending[key] = null;
  }
  let salt = 1;
  for (const [key, raw] of Object.entries(params)) {
    if (CONTROL.has(key) || Array.isArray(raw)) continue;
    let value = raw;
    if (/^net\d+$/.test(key)) value = normalizeNet(value, cluster.mac(vm.vmid, salt++));
    if (key === 'cipassword') {
      vm.ciPlain = value;
      // Non-Windows guests get a crypt()-style hash; Windows (cloudbase-init) keeps it plain.
      const ostype = params.ostype ?? vm.config.ostype ?? '';
      if (!String(ostype).startsWith('win') && !/^\$(1|2a|2y|5|6)\$/.test(value)) {
        value = `$5$emu$${createHash('sha256').update(value).digest('base64').replace(/=+$/, '')}`;
      }
    }
    if (key === 'tags') value = uniqueTags(value);
    if (hotpluggable(vm, key)) {
      vm.config[key] = value;
      delete vm.pending[key];
    } else {
      vm.pending[key] = value;
    }
  }
}

/**
 * Tags as Proxmox stores them (PVE::GuestHelpers::get_unique_tags with the default tag-style
 * ordering): the list split on `;`, `,` and spaces, each tag once, sorted, joined with `;`.
 */
function uniqueTags(value: string): string {
  const tags = [...new Set(value.split(/[;,\s]+/).filter(Boolean))];
  return tags.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join(';');
}

/** Config as GET …/config returns it: strings, masked cipassword, plus digest. */
export function publicConfig(config: Record<string, string>, digest = configDigest(config)): Record<string, string> {
  const out: Record<string, string> = { ...config, digest };
  if (out.cipassword !== undefined) out.cipassword = '**********';
  return out;
}
