import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

// The processes of `npm run deploy:check` (scripts/deploy-check.ts): server nodes (server/index.ts, run the way
// deploy/systemd/estate-shares@.service runs them) and HAProxy with deploy/haproxy/haproxy.cfg, each on a free
// port, each logging to a file of the run's folder.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function findHaproxy(): string | undefined {
  if (process.env.HAPROXY_BIN) return existsSync(process.env.HAPROXY_BIN) ? process.env.HAPROXY_BIN : undefined;
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

export interface ExitRecord {
  node: string;
  code: number | null;
  signal: string | null;
  requested: boolean;
  at: number;
}

/** One server node on a fixed port; it can be stopped and started again on the same port. */
export class Node {
  child: ChildProcess | undefined;
  private log: WriteStream;
  private stopping = false;
  private exitWaiters: ((record: ExitRecord) => void)[] = [];
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly root: string,
    private readonly env: Record<string, string>,
    logFile: string,
    private readonly onExit: (record: ExitRecord) => void,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get running() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start() {
    this.stopping = false;
    this.starts += 1;
    this.log.write(`\n----- start ${this.starts} at ${new Date().toISOString()} -----\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: this.root,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    child.on('exit', (code, signal) => {
      const record: ExitRecord = { node: this.name, code, signal, requested: this.stopping, at: Date.now() };
      this.onExit(record);
      for (const wake of this.exitWaiters.splice(0)) wake(record);
    });
    this.child = child;
  }

  /** SIGTERM (a planned stop: the node drains and exits by itself) and the exit it ends with. */
  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<ExitRecord> {
    this.stopping = true;
    const exited = new Promise<ExitRecord>((resolve) => this.exitWaiters.push(resolve));
    this.child?.kill(signal);
    return exited;
  }

  async readyDirect(): Promise<boolean> {
    try {
      const res = await fetch(`http://127.0.0.1:${this.port}/api/ready`, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  }

  kill() {
    this.stopping = true;
    if (this.running) this.child!.kill('SIGKILL');
  }

  close() {
    this.log.end();
  }
}

export class Haproxy {
  child: ChildProcess | undefined;
  private log: WriteStream;

  constructor(
    private readonly bin: string,
    private readonly configFile: string,
    private readonly env: Record<string, string>,
    logFile: string,
    readonly statsPort: number,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  version(): string {
    const out = spawnSync(this.bin, ['-v'], { encoding: 'utf8' });
    return /version (\S+)/.exec(out.stdout)?.[1] ?? 'unknown';
  }

  /** Checks the configuration as HAProxy reads it (haproxy -c), with this run's environment. */
  validate(): { ok: boolean; output: string } {
    const out = spawnSync(this.bin, ['-c', '-f', this.configFile], { encoding: 'utf8', env: { ...process.env, ...this.env } });
    return { ok: out.status === 0, output: `${out.stdout}${out.stderr}` };
  }

  start() {
    this.child = spawn(this.bin, ['-db', '-f', this.configFile], { env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.pipe(this.log, { end: false });
    this.child.stderr!.pipe(this.log, { end: false });
  }

  /** `backend/server` → status as HAProxy's stats page shows it (UP, DOWN, "UP 1/2" while going down, ...). */
  async servers(): Promise<Map<string, string>> {
    const res = await fetch(`http://127.0.0.1:${this.statsPort}/;csv`, { signal: AbortSignal.timeout(3000) });
    const text = await res.text();
    const [header, ...rows] = text.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const px = columns.indexOf('pxname');
    const sv = columns.indexOf('svname');
    const status = columns.indexOf('status');
    const result = new Map<string, string>();
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[sv] === 'FRONTEND' || cells[sv] === 'BACKEND') continue;
      result.set(`${cells[px]}/${cells[sv]}`, cells[status]);
    }
    return result;
  }

  /** Waits until HAProxy's checks see `server` (in the api backend) as `wanted` ('UP' or not 'UP'). */
  async waitFor(server: string, wanted: 'UP' | 'OUT', timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const status = await this.servers().then((s) => s.get(`api/${server}`), () => undefined);
      if (wanted === 'UP' ? status === 'UP' : status !== undefined && status !== 'UP') return true;
      await sleep(100);
    }
    return false;
  }

  stop() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGTERM');
  }

  close() {
    this.log.end();
  }
}

export const relative = (root: string, file: string) => path.relative(root, file) || file;
