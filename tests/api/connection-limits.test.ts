import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, openTestDatabase, testConfig } from './helpers';

// Limits a node without a proxy in front lives with (server/app.ts connectionOptions, plugins/app/lifecycle.ts),
// over real sockets: a client that sends its headers or its body too slowly is answered 408 and cut within
// seconds, an idle keep-alive connection is closed, connections over the cap are dropped as they arrive while
// the open ones keep working, and a draining node closes each connection after its answer. Short limits here;
// the defaults are in server/config.ts.

const LIMITS = { max: 4, headersTimeoutMs: 1000, requestTimeoutMs: 2000, keepAliveTimeoutMs: 3000, idleTimeoutMs: 10_000 };

interface Conn {
  socket: Socket;
  /** everything received so far */
  text(): string;
  /** resolves with the time since `opened` when the server closes (or resets) the connection */
  closed: Promise<number>;
  opened: number;
  /** resolves once `count` complete answers (by Content-Length) have arrived */
  answers(count: number): Promise<string>;
}

function open(port: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = Buffer.alloc(0);
    const waiters: (() => void)[] = [];
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (const wake of waiters.splice(0)) wake();
    });
    socket.on('error', () => {});
    const opened = Date.now();
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - opened)));
    const count = () => {
      let n = 0;
      let rest = received;
      for (;;) {
        const head = rest.indexOf('\r\n\r\n');
        if (head < 0) return n;
        const length = Number(/content-length: (\d+)/i.exec(rest.subarray(0, head).toString('latin1'))?.[1] ?? 0);
        if (rest.length < head + 4 + length) return n;
        n += 1;
        rest = rest.subarray(head + 4 + length);
      }
    };
    const conn: Conn = {
      socket,
      opened,
      closed,
      text: () => received.toString('utf8'),
      answers: (wanted) =>
        new Promise((done, fail) => {
          const check = () => (count() >= wanted ? done(conn.text()) : waiters.push(check));
          closed.then(() => (count() >= wanted ? done(conn.text()) : fail(new Error(`closed after ${count()} answers: ${conn.text().slice(0, 300)}`))));
          check();
        }),
    };
    socket.once('connect', () => resolve(conn));
    socket.once('error', reject);
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

describe('connection limits of a node without a proxy', () => {
  let app: FastifyInstance;
  let port: number;
  const logLines: string[] = [];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ connections: LIMITS, logLevel: 'warn' }),
      database: opened.database,
      logStream: { write: (line) => logLines.push(line) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    close = async () => {
      await app.close();
      await opened.close();
    };
  });

  afterAll(async () => {
    await close?.();
  });

  const connections = () => new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  it('answers 408 and cuts a client whose headers trickle in, after HEADERS_TIMEOUT_MS', async () => {
    const conn = await open(port);
    conn.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => conn.socket.writable && conn.socket.write('X-Slow: 1\r\n'), 150);
    try {
      const after = await conn.closed;
      expect(conn.text()).toMatch(/^HTTP\/1\.1 408 /);
      expect(conn.text()).toContain('"code":"REQUEST_TIMEOUT"');
      expect(after).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
      expect(after).toBeLessThan(LIMITS.headersTimeoutMs + 2500);
    } finally {
      clearInterval(drip);
    }
  });

  it('answers 408 and cuts a client whose body trickles in, after REQUEST_TIMEOUT_MS', async () => {
    const conn = await open(port);
    conn.socket.write('POST /api/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{');
    const drip = setInterval(() => conn.socket.writable && conn.socket.write(' '), 150);
    try {
      // meanwhile the node serves others
      const other = await open(port);
      other.socket.write(get('/api/health'));
      expect(await other.answers(1)).toMatch(/^HTTP\/1\.1 200 /);
      other.socket.destroy();

      const after = await conn.closed;
      expect(conn.text()).toMatch(/^HTTP\/1\.1 408 /);
      expect(after).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
      expect(after).toBeLessThan(LIMITS.requestTimeoutMs + 2500);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const conn = await open(port);
    conn.socket.write(get('/api/health'));
    expect(await conn.answers(1)).toMatch(/keep-alive: timeout=3/i);
    const after = await conn.closed;
    expect(after).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs - 100);
    expect(after).toBeLessThan(LIMITS.keepAliveTimeoutMs + 2500);
  });

  it('drops connections over MAX_CONNECTIONS as they arrive, while the open ones keep working', async () => {
    const held: Conn[] = [];
    for (let i = 0; i < LIMITS.max; i++) {
      const conn = await open(port);
      conn.socket.write(get('/api/health'));
      await conn.answers(1);
      held.push(conn);
    }
    try {
      const over = await open(port);
      over.socket.write(get('/api/health'));
      const after = await over.closed;
      expect(over.text()).toBe('');
      expect(after).toBeLessThan(1000);

      // every open connection still answers
      for (const conn of held) conn.socket.write(get('/api/ready'));
      for (const conn of held) expect((await conn.answers(2)).split('HTTP/1.1 200 ').length - 1).toBe(2);

      // one leaves: a newcomer gets in
      held[0].socket.destroy();
      await held[0].closed;
      for (let i = 0; i < 100 && (await connections()) >= LIMITS.max; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const newcomer = await open(port);
      newcomer.socket.write(get('/api/health'));
      expect(await newcomer.answers(1)).toMatch(/^HTTP\/1\.1 200 /);
      held[0] = newcomer;
    } finally {
      for (const conn of held) conn.socket.destroy();
      // the node counts them out as their close reaches it
      for (let i = 0; i < 100 && (await connections()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logLines.some((line) => line.includes('connection cap reached'))).toBe(true);
  });

  it('while draining, answers what still arrives and closes each connection after its answer', async () => {
    const conn = await open(port);
    conn.socket.write(get('/api/health'));
    expect(await conn.answers(1)).toMatch(/connection: keep-alive/i);
    app.lifecycle.startDraining();
    conn.socket.write(get('/api/offers'));
    const text = await conn.answers(2);
    const second = text.slice(text.indexOf('HTTP/1.1', 10));
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(await conn.closed).toBeLessThan(LIMITS.keepAliveTimeoutMs);

    const ready = await open(port);
    ready.socket.write(get('/api/ready'));
    expect(await ready.answers(1)).toMatch(/^HTTP\/1\.1 503 [\s\S]*"code":"NODE_DRAINING"/);
  });
});
