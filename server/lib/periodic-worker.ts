import type { FastifyBaseLogger } from 'fastify';

// THE loop of every background worker (mail outbox, order expiry, and any later one). A worker supplies one
// pass; this runs it every `intervalMs`, and when a pass fails (the database is away, restarting, refusing
// connections) it catches the error, logs it and waits longer each time, exponentially up to a cap, then resumes
// by itself once a pass succeeds. No pass ever leaves a promise rejection unhandled, so no database fault can end
// the process; nothing is kept in memory that a failed pass could lose (the work is found again in the rows).
//
// The wait after n consecutive failures is drawn with "equal jitter": between half and all of
// min(max, base × 2^(n-1)), so the nodes of a fleet that all lost the same database do not come back in step.

export interface BackoffPolicy {
  /** Wait after the first failure (before jitter), ms. */
  baseMs: number;
  /** Longest wait, ms. */
  maxMs: number;
}

/** The wait after `failures` consecutive failures (1, 2, …), ms. `random` returns [0, 1). */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponent = Math.min(30, Math.max(0, failures - 1));
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface WorkerStatus {
  name: string;
  /** When the last pass succeeded (null: none yet). */
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** When the loop started: the reference for the lag before the first success. */
  startedAt: Date | null;
  consecutiveFailures: number;
  passes: number;
  failures: number;
  /** The wait before the next pass, ms (the interval, or the backoff after a failure). */
  nextDelayMs: number | null;
}

export interface PassOutcome {
  worker: string;
  ok: boolean;
  seconds: number;
}

export interface PeriodicWorker {
  readonly name: string;
  /** Starts the loop: a first pass at once, then every interval. */
  start(): void;
  /** No new pass; waits for the one in flight. */
  stop(): Promise<void>;
  /**
   * Run a pass soon instead of waiting for the interval (the mail worker after a change enqueued mail). Also
   * cuts a backoff short: the caller just wrote to the database, so it is back.
   */
  wake(): void;
  status(): WorkerStatus;
}

export interface PeriodicWorkerOptions {
  name: string;
  intervalMs: number;
  /** One pass. May throw: the loop catches, logs and backs off. */
  pass: () => Promise<unknown>;
  log: FastifyBaseLogger;
  backoff: BackoffPolicy;
  random?: () => number;
  /** Told after every pass (metrics). */
  onPass?: (outcome: PassOutcome) => void;
}

/** Every worker's loop, so the metrics can read their lag (the app registers them in server/metrics). */
export function createPeriodicWorker(options: PeriodicWorkerOptions): PeriodicWorker {
  const { name, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | undefined;
  let started = false;
  let stopped = false;
  let again = false;
  const status: WorkerStatus = {
    name,
    lastSuccessAt: null,
    lastFailureAt: null,
    startedAt: null,
    consecutiveFailures: 0,
    passes: 0,
    failures: 0,
    nextDelayMs: null,
  };

  const report = (ok: boolean, startedAt: number) => {
    try {
      options.onPass?.({ worker: name, ok, seconds: (performance.now() - startedAt) / 1000 });
    } catch {
      // metrics must not break the loop
    }
  };

  /** Passes until none is asked for again; resolves to the wait before the next one. Never rejects. */
  async function passes(): Promise<number> {
    do {
      again = false;
      const startedAt = performance.now();
      try {
        await options.pass();
        status.passes += 1;
        if (status.consecutiveFailures > 0) log.info({ worker: name, failures: status.consecutiveFailures }, `${name}: resumed`);
        status.consecutiveFailures = 0;
        status.lastSuccessAt = new Date();
        report(true, startedAt);
      } catch (error) {
        status.passes += 1;
        status.failures += 1;
        status.consecutiveFailures += 1;
        status.lastFailureAt = new Date();
        report(false, startedAt);
        const delay = backoffDelay(status.consecutiveFailures, options.backoff, options.random);
        if (!stopped) {
          const fields = { err: error, worker: name, consecutiveFailures: status.consecutiveFailures, retryInMs: delay };
          // The first failure of a run is an error; the repeats while the outage lasts are warnings.
          if (status.consecutiveFailures === 1) log.error(fields, `${name}: pass failed, backing off`);
          else log.warn(fields, `${name}: pass failed again, backing off`);
        }
        return delay;
      }
    } while (again && !stopped);
    return options.intervalMs;
  }

  function schedule(delay: number) {
    if (stopped || !started) return;
    clearTimeout(timer);
    status.nextDelayMs = delay;
    timer = setTimeout(tick, delay);
    timer.unref?.();
  }

  function tick() {
    timer = undefined;
    if (stopped || inFlight) return;
    // passes() catches every failure of a pass; the catch here only guards against a logger that throws.
    const run = passes().catch(() => options.backoff.maxMs);
    inFlight = run;
    void run.then((delay) => {
      inFlight = undefined;
      schedule(delay);
    });
  }

  return {
    name,
    start() {
      if (started) return;
      started = true;
      stopped = false;
      status.startedAt = new Date();
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    wake() {
      if (!started || stopped) return;
      if (inFlight) again = true;
      else schedule(0);
    },
    status: () => ({ ...status }),
  };
}

/**
 * One pass at a time per process: a caller during a pass waits for it, then runs its own. `current()` is the pass
 * in flight (a stop waits for it). A failed pass is its caller's to report, never an unhandled rejection here.
 */
export function oneAtATime<T>(run: () => Promise<T>): { runOnce: () => Promise<T>; current: () => Promise<T> | undefined } {
  let running: Promise<T> | undefined;
  return {
    runOnce() {
      const next = (running ?? Promise.resolve()).catch(() => undefined).then(run);
      running = next;
      const clear = () => {
        if (running === next) running = undefined;
      };
      next.then(clear, clear);
      return next;
    },
    current: () => running,
  };
}

/**
 * A worker whose pass walks a list until done (order expiry, offer close): the shared loop, passes one at a time
 * (a `runOnce` from a test or a caller waits for the pass in flight, then runs its own), and a stop that ends the
 * loop, tells the pass in flight to stop between items (`stopping()`) and waits for it.
 */
export function createPassWorker<T>(
  options: Omit<PeriodicWorkerOptions, 'pass'> & { run: (stopping: () => boolean) => Promise<T> },
): { runOnce: () => Promise<T>; loop: PeriodicWorker; start(): void; stop(): Promise<void> } {
  const { run, ...loopOptions } = options;
  let stopped = false;
  const passes = oneAtATime(() => run(() => stopped));
  const loop = createPeriodicWorker({ ...loopOptions, pass: () => passes.runOnce() });
  return {
    runOnce: passes.runOnce,
    loop,
    start() {
      stopped = false;
      loop.start();
    },
    async stop() {
      stopped = true;
      await loop.stop();
      await passes.current()?.catch(() => undefined);
    },
  };
}
