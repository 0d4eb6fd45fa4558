#!/usr/bin/env node
// `npm run dev`: the API with `tsx watch server/index.ts` on API_PORT (default 3001; the server reads
// it as PORT, and SERVE_SPA=false since Vite serves the SPA) and Vite's dev server (VITE_PORT, default
// 5173; vite.config.ts proxies /api and /media to API_PORT). Ctrl-C / SIGTERM go to both; when either
// child exits, the other is stopped and this process exits with the first one's code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT || '3001';

const children = [];
let exiting = false;
let exitCode = 0;

function start(name, command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: { ...process.env, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
  });
  const prefix = `[${name}] `;
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) to.write(prefix + line + '\n');
    });
    from.on('end', () => rest && to.write(prefix + rest + '\n'));
  }
  child.on('error', (error) => {
    console.error(`${prefix}could not start: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!exiting) console.error(`${prefix}exited (${signal ?? code}); stopping the rest`);
    stopAll(code ?? (signal && !exiting ? 1 : 0));
  });
  children.push(child);
  return child;
}

function stopAll(code, signal = 'SIGTERM') {
  if (!exiting) exitCode = code;
  exiting = true;
  for (const child of children) if (!child.exited) child.kill(signal);
  if (children.every((c) => c.exited)) process.exit(exitCode);
  // Give them a moment, then make sure nothing is left behind.
  setTimeout(() => {
    for (const child of children) if (!child.exited) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal === 'SIGINT' ? 130 : 143, signal));
}

console.log(`API on http://127.0.0.1:${apiPort} (tsx watch), SPA via Vite (proxying /api and /media to it)`);
start('api', bin('tsx'), ['watch', '--clear-screen=false', 'server/index.ts'], {
  PORT: apiPort,
  API_PORT: apiPort,
  SERVE_SPA: 'false',
});
start('web', bin('vite'), [], { API_PORT: apiPort });
