import type { FastifyBaseLogger } from 'fastify';
import { nowOf, type Config } from '../../config';
import type { Db } from '../../db/client';
import { createPassWorker, type PassOutcome, type PeriodicWorker } from '../../lib/periodic-worker';
import type { PayPalClient } from '../payments/paypal/client';
import { closeOffer, offersDueForClose, type CloseResult } from './close-offer';

// Offers whose investment window has ended are closed by this worker (an operator may close one earlier by
// hand, through the same closeOffer). Every node may run it: closeOffer claims a lease on the offer row in a
// conditional UPDATE, so while one node works on an offer a second finds it busy and moves on, and a close
// that stopped half way (a crash, a PayPal refund that failed) is found again by offersDueForClose (its
// outcome is stored, closed_at is not) and finished by whichever node comes next. Nothing is kept in memory.

export interface CloseRunResult {
  /** Offers this pass finished closing. */
  closed: number;
  /** Offers another node held the lease on (or finished meanwhile). */
  busy: number;
  /** Offers left open for the next pass (a refund failed; the order stays paid and is retried). */
  unfinished: number;
}

export interface CloseWorker {
  /** One pass over every offer due, by the config's clock (tests call it directly). */
  runOnce(): Promise<CloseRunResult>;
  loop: PeriodicWorker;
  start(): void;
  stop(): Promise<void>;
}

export interface CloseWorkerOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Read at each pass: the PayPal plugin decorates the app after this worker is made. */
  paypal: () => PayPalClient | undefined;
  onMail?: () => void;
  onLoopPass?: (outcome: PassOutcome) => void;
}

export function createCloseWorker(options: CloseWorkerOptions): CloseWorker {
  const { db, config, log } = options;

  async function runAll(stopping: () => boolean): Promise<CloseRunResult> {
    const now = nowOf(config);
    const result: CloseRunResult = { closed: 0, busy: 0, unfinished: 0 };
    const due = await offersDueForClose(db, now);
    for (const offerId of due) {
      if (stopping()) break;
      let outcome: CloseResult;
      try {
        outcome = await closeOffer({ db, paypal: options.paypal(), publicUrl: config.publicUrl, pauseAfterOrderMs: config.offerCloseOrderPauseMs, leaseMs: config.offerCloseLeaseMs }, offerId, now);
      } catch (error) {
        // One offer's failure (its lease is released only by time) must not keep the others from closing.
        log.error({ err: error, offerId }, 'offers: close failed');
        result.unfinished += 1;
        continue;
      }
      if ('busy' in outcome) result.busy += 1;
      else if (outcome.closed) {
        result.closed += 1;
        log.info({ offerId, ...outcome }, 'offers: closed');
      } else {
        result.unfinished += 1;
        log.warn({ offerId, ...outcome }, 'offers: close not finished, retried on the next pass');
      }
      if (!('busy' in outcome)) options.onMail?.();
    }
    return result;
  }

  return createPassWorker({
    name: 'offer-close',
    intervalMs: config.offerCloseWorkerIntervalMs,
    run: runAll,
    log,
    backoff: config.workerBackoff,
    onPass: options.onLoopPass,
  });
}
