/**
 * Whether the process is on its way out. A stop (SIGTERM, SIGINT) drains first: the readiness
 * check answers 503 so a load balancer sends no new requests, while the requests and jobs in hand
 * go on; after SHUTDOWN_DRAIN_SECONDS the process closes.
 */
export class Lifecycle {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }
}
