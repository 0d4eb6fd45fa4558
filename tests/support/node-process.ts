import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// A real server node for tests that must see the PROCESS (does it survive a database fault?): `server/index.ts`
// started with tsx as `npm run serve` does, on a free port, its output kept for the failure message.

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
  /** null while the process runs. */
  exitCode(): number | null;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export async function startNode(env: Record<string, string>, options: { readyPath?: string; timeoutMs?: number } = {}): Promise<NodeProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', SERVE_SPA: 'false', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk) => chunks.push(String(chunk)));
  child.stderr!.on('data', (chunk) => chunks.push(String(chunk)));
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const node: NodeProcess = {
    port,
    url,
    child,
    output: () => chunks.join(''),
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
  const readyPath = options.readyPath ?? '/api/slider';
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
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
