#!/usr/bin/env node
// npm run dev: Taro's H5 dev server (hot reload, http://localhost:10086) and the API server restarted on every
// server change (tsx watch). The dev server forwards /djapi, /xqapi, … to the API server (config/dev.ts), so the
// page and the API share one origin: cookies and XSRF behave as in production, no CORS.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [];

function run(label, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    process.stdout.write(`[${label}] exited (${signal ?? code})\n`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const apiPort = process.env.PORT || '8080';
const h5Port = process.env.DEV_H5_PORT || '10086';

run('h5', bin('taro'), ['build', '--type', 'h5', '--watch'], {
  NODE_ENV: 'development',
  DEV_API_ORIGIN: `http://localhost:${apiPort}`,
  DEV_H5_PORT: h5Port,
});
// The server would otherwise build H5 itself when dist/h5 is stale; in development the dev server serves it.
run('server', bin('tsx'), ['watch', 'server/src/main.ts'], { SKIP_H5_BUILD: '1', PORT: apiPort });
process.stdout.write(`[dev] app: http://localhost:${h5Port}/index · API: http://localhost:${apiPort}\n`);
