import { apiPath } from '../encoding.js';
import { decodeNodeStatus, decodeNodes, decodeResources, decodeVersion } from '../decode-cluster.js';
import { optNum } from '../decode.js';
import { ProxmoxError } from '../errors.js';
import type { ClientContext } from './context.js';
import type { ClusterResource, NodeInfo, NodeStatus, VersionInfo } from '../types.js';

/** Cluster-wide reads: resources, next free VMID, nodes, version. */
export class ClusterApi {
  constructor(private readonly ctx: ClientContext) {}

  /** `GET /cluster/resources`, optionally filtered by type; `signal` bounds the wait, retries included. */
  async resources(
    type?: 'vm' | 'storage' | 'node' | 'sdn',
    opts: { signal?: AbortSignal } = {},
  ): Promise<ClusterResource[]> {
    return decodeResources(
      await this.ctx.http.call({ method: 'GET', path: '/cluster/resources', params: { type }, signal: opts.signal }),
    );
  }

  /** `GET /cluster/nextid`: a suggestion only, it reserves nothing (the answer is a string). */
  async nextId(): Promise<number> {
    const id = optNum(await this.ctx.http.call({ method: 'GET', path: '/cluster/nextid' }));
    if (id === undefined)
      throw new ProxmoxError({ kind: 'http', method: 'GET', path: '/cluster/nextid', reason: 'no VMID in answer' });
    return id;
  }

  /** `GET /cluster/nextid?vmid=N`: true when N is free, false when Proxmox says it exists (400). */
  async isVmidFree(vmid: number): Promise<boolean> {
    try {
      await this.ctx.http.call({ method: 'GET', path: '/cluster/nextid', params: { vmid } });
      return true;
    } catch (e) {
      if (e instanceof ProxmoxError && e.status === 400) return false;
      throw e;
    }
  }

  /** `GET /nodes` (includes each node's TLS fingerprint). */
  async nodes(): Promise<NodeInfo[]> {
    return decodeNodes(await this.ctx.http.call({ method: 'GET', path: '/nodes' }));
  }

  /** `GET /nodes/{node}/status`. */
  async nodeStatus(node: string): Promise<NodeStatus> {
    return decodeNodeStatus(await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/status` }));
  }

  /** `GET /version`. */
  async version(): Promise<VersionInfo> {
    return decodeVersion(await this.ctx.http.call({ method: 'GET', path: '/version' }));
  }
}
