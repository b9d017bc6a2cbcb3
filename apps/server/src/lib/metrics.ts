import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { withDeadline } from './deadline.js';

/** How long a scrape waits for one queue's backlog. */
const QUEUE_READ_MS = 1_000;

export interface JobQueueStats {
  due: number;
  lagSeconds: number;
}

/**
 * This instance's Prometheus metrics (prom-client), served at /metrics (plugins/metrics.ts) and on
 * METRICS_PORT (main.ts). One registry per app, so several apps in one process (the tests) count
 * apart. Process metrics come from prom-client's defaults: CPU, memory, event-loop lag, GC.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Each background queue's backlog, read when scraped (addJobQueue). */
  readonly #queues = new Map<string, () => Promise<JobQueueStats>>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'hubbub_' });
    this.httpRequests = new Counter({
      name: 'hubbub_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: 'hubbub_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const queues = this.#queues;
    // One read of every queue per scrape, shared by the two gauges.
    let reading: Promise<[string, JobQueueStats][]> | null = null;
    // A queue whose read fails or takes over QUEUE_READ_MS (the database is down or slow) is left
    // out of this scrape; the process and pool metrics still come, which is when they matter most.
    const readOne = ([name, read]: [string, () => Promise<JobQueueStats>]) =>
      withDeadline(read(), QUEUE_READ_MS, `The ${name} queue`).then(
        (stats) => [[name, stats] as [string, JobQueueStats]],
        () => [],
      );
    const readQueues = () =>
      (reading ??= Promise.all([...queues].map(readOne))
        .then((lists) => lists.flat())
        .finally(() => {
          setImmediate(() => (reading = null));
        }));
    this.gauge('hubbub_jobs_due', 'Jobs due and not done, by queue (launches, notifications, series).', ['queue'], async () =>
      (await readQueues()).map(([queue, stats]) => ({ labels: { queue }, value: stats.due })),
    );
    this.gauge('hubbub_jobs_lag_seconds', 'How late the oldest due job of each queue is.', ['queue'], async () =>
      (await readQueues()).map(([queue, stats]) => ({ labels: { queue }, value: Math.max(0, stats.lagSeconds) })),
    );
  }

  /** A background queue (a claim loop's table) whose backlog /metrics reports. */
  addJobQueue(name: string, read: () => Promise<JobQueueStats>): void {
    this.#queues.set(name, read);
  }

  /** A counter kept elsewhere (a plain number that only grows), read when scraped. */
  total(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** A gauge read when scraped: `read` answers its values by label set (an empty object for none). */
  gauge<L extends string>(name: string, help: string, labelNames: L[], read: () => Promise<{ labels: Partial<Record<L, string>>; value: number }[]>): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read()) this.set(labels, value);
      },
    });
  }
}
