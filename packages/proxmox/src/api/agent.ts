import { apiPath } from '../encoding.js';
import { decodeInterfaces, decodeOsInfo } from '../decode-extra.js';
import type { ClientContext } from './context.js';
import type { GuestInterface, GuestOsInfo } from '../types-extra.js';

/** QEMU guest agent calls (need `agent: enabled=1`, a running VM and qemu-guest-agent inside). */
export class AgentApi {
  constructor(private readonly ctx: ClientContext) {}

  /** `POST …/agent/ping`; resolves true when the agent answers. */
  async ping(node: string, vmid: number): Promise<boolean> {
    return this.ctx.http
      .call({ method: 'POST', path: apiPath`/nodes/${node}/qemu/${vmid}/agent/ping`, retry: 'idempotent' })
      .then(
        () => true,
        () => false,
      );
  }

  /** `GET …/agent/get-osinfo`. */
  async osInfo(node: string, vmid: number): Promise<GuestOsInfo> {
    return decodeOsInfo(
      await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/qemu/${vmid}/agent/get-osinfo` }),
    );
  }

  /** `GET …/agent/network-get-interfaces`. */
  async interfaces(node: string, vmid: number): Promise<GuestInterface[]> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/agent/network-get-interfaces`;
    return decodeInterfaces(await this.ctx.http.call({ method: 'GET', path }));
  }

  /** `POST …/agent/set-user-password`: takes effect at once, no reboot; setting it twice is harmless. */
  async setUserPassword(
    node: string,
    vmid: number,
    username: string,
    password: string,
    crypted = false,
  ): Promise<void> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/agent/set-user-password`;
    await this.ctx.http.call({ method: 'POST', path, params: { username, password, crypted }, retry: 'idempotent' });
  }
}
