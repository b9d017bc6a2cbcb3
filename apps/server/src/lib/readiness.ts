import net from 'node:net';
import type { Server } from 'node:http';

/**
 * Whether this instance takes new work, as /readyz tells a load balancer, and how it lets go on
 * SIGTERM (main.ts): first it drains (/readyz 503 while everything is still served, kept-alive
 * connections kept), then it stops listening and lingers (each answer on a connection still open
 * closes it), then the app closes.
 */
export class Readiness {
  #state: 'serving' | 'draining' | 'lingering' = 'serving';

  /** /readyz answers 503. */
  get draining(): boolean {
    return this.#state !== 'serving';
  }

  /** The listener is closed: every answer closes its connection. */
  get lingering(): boolean {
    return this.#state === 'lingering';
  }

  drain(): void {
    if (this.#state === 'serving') this.#state = 'draining';
  }

  /**
   * Stops accepting connections and leaves those already open to be served. A balancer's new
   * connection is then refused, which it retries on another instance whatever the method, since
   * nothing was sent. Closing is deferred to the next turn of the event loop, whose poll accepts
   * every connection the kernel has completed: a connection still in the accept queue when the
   * listener closes is reset after the balancer wrote its request to it, and a balancer does not
   * send a POST that was written on to another instance.
   */
  stopListening(server: Server): Promise<void> {
    this.#state = 'lingering';
    return new Promise((resolve) =>
      setImmediate(() => {
        // net.Server's own close: http.Server's would also close the idle kept-alive connections,
        // one of which a balancer may be writing a request on at that moment.
        if (server.listening) net.Server.prototype.close.call(server);
        resolve();
      }),
    );
  }
}
