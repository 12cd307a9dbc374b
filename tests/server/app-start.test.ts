import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';

// `npm start` as a newcomer runs it: first URL printed is the server's, the API answers,
// SIGTERM exits 0 and releases the data directory, a second start reuses the data.

const ROOT = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'dj-start-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

/** npm run config:set -- … with the test's data directory. */
function configSet(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/config.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolveRun) => child.on('exit', (code) => resolveRun({ code, output })));
}

interface Started {
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

async function start(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SKIP_H5_BUILD: '1',
      SMALL_MARKET: '1',
      H5_DIR: join(dataDir, 'no-h5'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Server ready" within 180 s:\n${output}`)), 180_000);
    const poll = setInterval(() => {
      const match = /Server ready: (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before ready:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

test('npm start: ready line, working API, clean stop, data reused on restart', { timeout: 400_000 }, async () => {
  const first = await start();
  try {
    const firstUrlLine = first
      .output()
      .split('\n')
      .find((line) => line.includes('http://'));
    assert.match(firstUrlLine ?? '', /^Server ready: http:\/\/localhost:\d+$/);
    // Said plainly: a demo server, its conveniences for this machine only, and how to run production.
    assert.match(first.output(), /This is a DEMO server \(development mode\)/);
    assert.match(first.output(), /answer only clients on this machine/);
    assert.match(first.output(), /NODE_ENV=production/);
    const account = (await (await fetch(`${first.url}/djapi/account`)).json()) as { result_code: number };
    assert.equal(account.result_code, 300001);
    const page = await fetch(`${first.url}/funding/000001`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /npm run build:h5/);
  } finally {
    assert.equal(await first.stop(), 0, first.output());
  }
  assert.equal(existsSync(join(dataDir, 'server.pid')), false, 'the data directory lock is released');

  const set = await configSet([
    '--appkey',
    'social',
    '--key',
    'home_marquee',
    '--value',
    '{"items":[{"text":"新品上线","link":"/xjb"}],"speed":50,"gap":50}',
  ]);
  assert.equal(set.code, 0, set.output);

  const second = await start();
  try {
    assert.doesNotMatch(second.output(), /Seeding/, 'the second start reuses the seeded data');
    const config = (await (await fetch(`${second.url}/mpaas/config/content?key=home_marquee`)).json()) as {
      data: { data: { home_marquee: { update_type: number; value: { items: Array<{ text: string }> } } } };
    };
    assert.equal(config.data.data.home_marquee.update_type, 1);
    assert.equal(config.data.data.home_marquee.value.items[0]?.text, '新品上线');
    // The CLI refuses to open the embedded database while the server holds it.
    const refused = await configSet(['--key', 'home_marquee', '--value', '{}']);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /is using/);
  } finally {
    assert.equal(await second.stop(), 0, second.output());
  }
});
