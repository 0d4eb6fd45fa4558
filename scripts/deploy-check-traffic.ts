import { randomUUID } from 'node:crypto';
import { camt053 } from '../tests/support/statements';
import { sleep } from './deploy-check-fleet';

// Steady traffic through the load balancer for `npm run deploy:check` (scripts/deploy-check.ts): public pages and
// API reads, logins, orders placed by several investors (each with an Idempotency-Key, retried with the same key
// until the platform gives a definite answer, as the SPA does), and an operator importing bank statements that
// pay some of them. Every request is recorded with the phase it started in.

export interface RequestRecord {
  /** the phase the request started in (the figures are counted by it) */
  phase: string;
  /** the phase its answer (or failure) came in: a request in flight when a fault began may meet the fault */
  endPhase: string;
  kind: 'page' | 'login' | 'order' | 'statement';
  /** 0: no HTTP answer at all (connection refused or reset) */
  status: number;
  retryAfter: boolean;
  ok: boolean;
  ms: number;
  /** the network error's code when there was no answer */
  error?: string;
}

export interface PlacedOrder {
  key: string;
  investor: string;
  quantity: number;
  /** set once a 201 (first or replayed) arrived */
  orderId?: string;
  reference?: string;
  totalPrice?: number;
  attempts: number;
  /** a definite refusal (4xx other than the retryable ones): the order was not placed */
  refused?: number;
  /** the statement that pays it, once imported */
  paidByStatement?: string;
}

export interface StatementUpload {
  name: string;
  orders: string[];
  /** true once a 200 arrived (a repeated upload changes nothing: the bank references are kept) */
  imported: boolean;
  attempts: number;
}

export interface TrafficOptions {
  baseUrl: string;
  investors: { email: string; password: string }[];
  operator: { email: string; password: string };
  /** the series the investors buy, with the hash of its offer's key investment information sheet */
  target: { offer: number; series: number; method: number; agreements: number[]; kiisHash: string };
  /** public GET paths (API reads, and the SPA's pages when it is built) */
  publicPaths: string[];
  phase: () => string;
  client: { clientId: string; clientSecret: string };
  /** how often the operator imports a statement, ms */
  statementEveryMs?: number;
}

const EXPECTED: Record<RequestRecord['kind'], number[]> = { page: [200], login: [200], order: [201], statement: [200] };
/** statuses after which the same request is tried again (with the same Idempotency-Key / file) */
const RETRYABLE = new Set([0, 502, 503, 504]);

export class Traffic {
  readonly records: RequestRecord[] = [];
  readonly orders: PlacedOrder[] = [];
  readonly statements: StatementUpload[] = [];
  private running = false;
  /** after stop(): retry what is unresolved until this time, then give up */
  private settleUntil = 0;
  private workers: Promise<void>[] = [];
  private statementSeq = 0;
  private bankRefSeq = 0;

  constructor(private readonly options: TrafficOptions) {}

  private async call(
    kind: RequestRecord['kind'],
    method: string,
    url: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
  ): Promise<{ status: number; retryAfter: number | undefined; json: any }> {
    const phase = this.options.phase();
    const started = performance.now();
    const headers: Record<string, string> = { 'accept-language': 'pl', ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    try {
      const res = await fetch(`${this.options.baseUrl}${url}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(90_000),
      });
      const text = await res.text();
      const retryAfterHeader = res.headers.get('retry-after');
      this.records.push({
        phase,
        endPhase: this.options.phase(),
        kind,
        status: res.status,
        retryAfter: retryAfterHeader !== null,
        ok: EXPECTED[kind].includes(res.status),
        ms: performance.now() - started,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, whose shape the checks below assert
      let json: any;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, retryAfter: retryAfterHeader === null ? undefined : Number(retryAfterHeader), json };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      this.records.push({ phase, endPhase: this.options.phase(), kind, status: 0, retryAfter: false, ok: false, ms: performance.now() - started, error: cause?.code ?? (error as Error).name });
      return { status: 0, retryAfter: undefined, json: undefined };
    }
  }

  /** Waits as the answer asked (Retry-After), or a second, before trying again. */
  private backoff(retryAfter: number | undefined) {
    return sleep(Math.min(5000, Math.max(250, (retryAfter ?? 1) * 1000)));
  }

  private get keepGoing() {
    return this.running;
  }

  private get settling() {
    return Date.now() < this.settleUntil;
  }

  private async login(who: { email: string; password: string }): Promise<string | undefined> {
    const res = await this.call('login', 'POST', '/api/token', {
      body: { grantType: 'password', email: who.email, password: who.password, ...this.options.client },
    });
    return res.status === 200 ? (res.json?.data?.accessToken as string) : undefined;
  }

  private async publicWorker(seed: number) {
    let i = seed;
    while (this.keepGoing) {
      const path = this.options.publicPaths[i++ % this.options.publicPaths.length];
      await this.call('page', 'GET', path);
      await sleep(80 + (i % 5) * 20);
    }
  }

  private async investorWorker(who: { email: string; password: string }, seed: number) {
    let token: string | undefined;
    let placed = 0;
    while (this.keepGoing) {
      // a fresh session every 10 orders: logins are part of the traffic
      if (!token || placed % 10 === 9) {
        const fresh = await this.login(who);
        if (fresh) token = fresh;
        if (!token) {
          await sleep(1000);
          continue;
        }
      }
      const order: PlacedOrder = { key: randomUUID(), investor: who.email, quantity: 1 + ((seed + placed) % 3), attempts: 0 };
      this.orders.push(order);
      placed += 1;
      // The same order until the platform answers it definitely: a client that got no answer cannot know
      // whether the order exists, and the Idempotency-Key makes asking again safe.
      for (;;) {
        order.attempts += 1;
        const res = await this.call('order', 'POST', '/api/investment', {
          token,
          headers: { 'idempotency-key': order.key },
          body: {
            method: this.options.target.method,
            offer: this.options.target.offer,
            series: this.options.target.series,
            quantity: order.quantity,
            thankYouPageUrlPattern: 'https://estate-shares.example/pl/inwestuj/{orderId}',
            investorData: {
              firstName: 'Jan',
              lastName: 'Kowalski',
              phone: '+48 601 000 000',
              address: { address: 'ul. Prosta 1', city: 'Warszawa', zip: '00-001', country: { name: 'PL' } },
            },
            agreements: this.options.target.agreements.map((id) => ({ id, isAccepted: true })),
            kiisHash: this.options.target.kiisHash,
          },
        });
        if (res.status === 201) {
          const created = res.json.data.order;
          order.orderId = created.id;
          order.reference = created.reference;
          order.totalPrice = created.totalPrice;
          break;
        }
        if (res.status === 401) {
          token = (await this.login(who)) ?? token;
          continue;
        }
        if (!RETRYABLE.has(res.status)) {
          order.refused = res.status;
          break;
        }
        if (!this.keepGoing && !this.settling) break;
        await this.backoff(res.retryAfter);
      }
      await sleep(250 + (seed % 4) * 50);
    }
  }

  private async operatorWorker() {
    const every = this.options.statementEveryMs ?? 6000;
    let token: string | undefined;
    while (this.keepGoing) {
      await sleep(every);
      if (!this.keepGoing) break;
      token = token ?? (await this.login(this.options.operator));
      if (!token) continue;
      // A statement paying up to five of the confirmed orders not paid yet.
      const unpaid = this.orders.filter((o) => o.orderId && !o.paidByStatement).slice(0, 5);
      if (!unpaid.length) continue;
      const name = `deploy-check-${++this.statementSeq}.xml`;
      const upload: StatementUpload = { name, orders: unpaid.map((o) => o.orderId!), imported: false, attempts: 0 };
      for (const order of unpaid) order.paidByStatement = name;
      this.statements.push(upload);
      const content = camt053({
        id: `DC-${this.statementSeq}`,
        lines: unpaid.map((order) => ({ ref: `DC-REF-${++this.bankRefSeq}`, amount: order.totalPrice!, title: `Zapłata ${order.reference}` })),
      });
      const body = { fileName: name, contentBase64: Buffer.from(content).toString('base64') };
      for (;;) {
        upload.attempts += 1;
        const res = await this.call('statement', 'POST', '/api/operator/statements', { token, body });
        if (res.status === 200) {
          upload.imported = true;
          break;
        }
        if (res.status === 401) {
          token = (await this.login(this.options.operator)) ?? token;
          continue;
        }
        if (!RETRYABLE.has(res.status)) break;
        if (!this.keepGoing && !this.settling) break;
        await this.backoff(res.retryAfter);
      }
    }
  }

  start(counts: { publicWorkers: number }) {
    this.running = true;
    for (let i = 0; i < counts.publicWorkers; i++) this.workers.push(this.publicWorker(i * 3));
    this.options.investors.forEach((who, i) => this.workers.push(this.investorWorker(who, i)));
    this.workers.push(this.operatorWorker());
  }

  /** Stops starting new work; what is in hand (an unanswered order, a statement) is retried for up to `settleMs`. */
  async stop(settleMs: number) {
    this.settleUntil = Date.now() + settleMs;
    this.running = false;
    await Promise.all(this.workers);
  }
}
