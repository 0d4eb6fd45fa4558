import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The node's metrics in Prometheus' text format (prom-client). One registry per app (never prom-client's global
// one: tests build several apps in one process). Every node exposes its own; Prometheus adds the `instance` label.
// docs/operations.md lists every family with its meaning.

export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
export const ACQUIRE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface WorkerLike {
  readonly name: string;
  status(): { lastSuccessAt: Date | null; startedAt: Date | null; consecutiveFailures: number };
}

export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface OutboxFigures {
  depth: number;
  oldestAgeSeconds: number;
}

export function createMetrics(options: { defaultMetrics: boolean }) {
  const registry = new Registry();
  if (options.defaultMetrics) {
    // process CPU, memory, file descriptors, GC, and the event loop's delay (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  }
  const registers = [registry];

  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (never the raw URL) and status; its _count is the request rate',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  const ordersCreated = new Counter({
    name: 'orders_created_total',
    help: 'Orders created on this node, by payment method',
    labelNames: ['method'] as const,
    registers,
  });
  const ordersRefused = new Counter({
    name: 'orders_refused_total',
    help: 'Order requests refused by a business rule on this node, by error code (NOT_ENOUGH_SHARES_AVAILABLE, ...)',
    labelNames: ['code'] as const,
    registers,
  });
  const ordersExpired = new Counter({
    name: 'orders_expired_total',
    help: 'Unpaid orders cancelled at their deadline by this node\'s expiry worker (committed)',
    registers,
  });
  const paymentsCaptured = new Counter({
    name: 'payments_captured_total',
    help: 'Orders that became paid on this node (committed), by who booked the money: paypal, bank (statement match), operator',
    labelNames: ['actor'] as const,
    registers,
  });
  const statementLines = new Counter({
    name: 'statement_lines_total',
    help: 'Bank statement lines imported on this node, by outcome: matched (booked), exception (sent to the exceptions queue), duplicate, ignored',
    labelNames: ['outcome'] as const,
    registers,
  });

  const workerPasses = new Counter({
    name: 'worker_passes_total',
    help: 'Passes of each background worker on this node, by outcome (ok, failed)',
    labelNames: ['worker', 'outcome'] as const,
    registers,
  });
  const workers: WorkerLike[] = [];
  new Gauge({
    name: 'worker_seconds_since_success',
    help: 'Worker lag: seconds since each worker\'s last successful pass on this node (since it started, before the first)',
    labelNames: ['worker'] as const,
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const worker of workers) {
        const { lastSuccessAt, startedAt } = worker.status();
        const since = lastSuccessAt ?? startedAt;
        if (since) this.set({ worker: worker.name }, (now - since.getTime()) / 1000);
      }
    },
  });
  new Gauge({
    name: 'worker_consecutive_failures',
    help: 'Failed passes in a row of each worker on this node (0 when the last pass succeeded)',
    labelNames: ['worker'] as const,
    registers,
    collect() {
      this.reset();
      for (const worker of workers) {
        if (worker.status().startedAt) this.set({ worker: worker.name }, worker.status().consecutiveFailures);
      }
    },
  });

  let pool: PoolLike | undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connections of this node\'s pool, by state: total (open), idle',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries and transactions of this node waiting for a free PostgreSQL connection',
    registers,
    collect() {
      if (pool) this.set(pool.waitingCount);
    },
  });
  const dbAcquire = new Histogram({
    name: 'db_pool_acquire_seconds',
    help: 'Time each query or transaction waited for a PostgreSQL connection from the pool, by outcome (ok, failed)',
    labelNames: ['outcome'] as const,
    buckets: ACQUIRE_BUCKETS,
    registers,
  });
  const dbConnectionErrors = new Counter({
    name: 'db_connection_errors_total',
    help: 'PostgreSQL connections this node lost (terminated backend, restart, network), by whether one was in use',
    labelNames: ['in_use'] as const,
    registers,
  });

  // The outbox is read once per scrape for its three gauges (prom-client collects them concurrently); while the
  // database cannot answer the figures are NaN and mail_outbox_up is 0: the scrape itself never fails.
  let outbox: (() => Promise<OutboxFigures>) | undefined;
  let reading: Promise<OutboxFigures | null> | undefined;
  const readOutbox = () => {
    reading ??= outbox!()
      .catch(() => null)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'mail_outbox_depth',
    help: 'Messages waiting in the mail outbox (pending; the same figure on every node of one database)',
    registers,
    async collect() {
      if (outbox) this.set((await readOutbox())?.depth ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest pending message in the mail outbox, seconds (0 when empty)',
    registers,
    async collect() {
      if (outbox) this.set((await readOutbox())?.oldestAgeSeconds ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'mail_outbox_up',
    help: '1 when this scrape could read the mail outbox, 0 when the database did not answer in time',
    registers,
    async collect() {
      if (outbox) this.set((await readOutbox()) ? 1 : 0);
    },
  });

  return {
    registry,
    httpRequestDuration,
    ordersCreated,
    ordersRefused,
    ordersExpired,
    paymentsCaptured,
    statementLines,
    dbAcquire,
    dbConnectionErrors,
    /** Counts a worker's passes and reports its lag. */
    trackWorker(worker: WorkerLike) {
      workers.push(worker);
    },
    workerPassed(outcome: { worker: string; ok: boolean }) {
      workerPasses.inc({ worker: outcome.worker, outcome: outcome.ok ? 'ok' : 'failed' });
    },
    /** The PostgreSQL pool to report (none for PGlite). */
    setPool(value: PoolLike | undefined) {
      pool = value;
    },
    /** How to read the outbox's figures at each scrape. */
    setOutbox(read: () => Promise<OutboxFigures>) {
      outbox = read;
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;
