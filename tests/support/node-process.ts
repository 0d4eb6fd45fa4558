import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// A real server node for tests that must see the PROCESS (does it survive a database fault, a kill -9, a SIGTERM?):
// `server/index.ts` started with tsx as `npm run serve` does, on a free port, its output kept for the failure message.

const root = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface NodeProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the node wrote (stdout and stderr), in order. */
  output(): string;
  /** Settles when the process ends: its exit code (null when a signal ended it) and when. */
  exited: Promise<{ code: number | null; at: number }>;
  /** null while the process runs. */
  exitCode(): number | null;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  /** The address that answers 200 once the node is up (default `/api/ready`). */
  readyPath?: string;
  timeoutMs?: number;
}

/**
 * Starts a node with `env` over a small base (no SPA, 127.0.0.1, a free port). A node a test stops has no load
 * balancer to warn, so it does not drain on SIGTERM (SHUTDOWN_DRAIN_MS 0) unless the test sets a drain: the
 * default 5 s would only be waited out.
 */
export async function startNode(env: Record<string, string>, options: StartOptions = {}): Promise<NodeProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', SERVE_SPA: 'false', SHUTDOWN_DRAIN_MS: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk) => chunks.push(String(chunk)));
  child.stderr!.on('data', (chunk) => chunks.push(String(chunk)));
  let exited: number | null = null;
  const exit = new Promise<{ code: number | null; at: number }>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      resolve({ code, at: Date.now() });
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const node: NodeProcess = {
    port,
    url,
    child,
    output: () => chunks.join(''),
    exited: exit,
    exitCode: () => exited,
    alive: () => exited === null,
    async stop(graceMs = 10_000) {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const readyPath = options.readyPath ?? '/api/ready';
  for (;;) {
    if (exited !== null) throw new Error(`the node exited (${exited}) before it answered:\n${node.output().slice(-4000)}`);
    try {
      const res = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await node.stop(1000);
      throw new Error(`the node did not answer ${readyPath} in time:\n${node.output().slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
