/**
 * Whether this instance takes new work, as /readyz tells a load balancer. On SIGTERM it drains
 * first (main.ts): /readyz turns 503 while everything else is still served, then the app closes.
 */
export class Readiness {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  drain(): void {
    this.#draining = true;
  }
}
