// The miniprogram-automator smoke script (./miniprogram-automator/smoke.mjs). It needs WeChat DevTools,
// which runs on macOS and Windows only: with WECHAT_DEVTOOLS_CLI set it runs there, otherwise it is skipped
// with the reason. The script's own logic is still exercised on Linux against a stand-in DevTools endpoint
// that serves the plain-Node harness.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { startFakeDevtools } from './fake-devtools';
import { bootWeapp } from './harness';
import { REPO_ROOT, waitForBuild } from './weapp-build';

const SCRIPT = path.join(REPO_ROOT, 'tests/weapp/miniprogram-automator/smoke.mjs');
const DEVTOOLS_CLI = process.env.WECHAT_DEVTOOLS_CLI;
const SKIP_REASON =
  'WECHAT_DEVTOOLS_CLI is not set: WeChat DevTools (macOS/Windows only) is needed; set it to the DevTools `cli` path to run the automator smoke test';

interface ScriptRun {
  code: number | null;
  output: string;
}

function runSmoke(env: Record<string, string | undefined>, timeoutMs: number): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

if (!DEVTOOLS_CLI) console.log(`# automator: ${SKIP_REASON}`);

test(
  'automator smoke in WeChat DevTools: home and fund detail',
  { skip: DEVTOOLS_CLI ? false : SKIP_REASON, timeout: 180_000 },
  async () => {
    await waitForBuild();
    const run = await runSmoke({ WECHAT_DEVTOOLS_WS: undefined }, 170_000);
    console.log(run.output);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /all checks passed/);
  },
);

test('the smoke script passes against a stand-in DevTools endpoint backed by the harness', { timeout: 120_000 }, async () => {
  await waitForBuild();
  const harness = await bootWeapp();
  const devtools = await startFakeDevtools(harness);
  try {
    const run = await runSmoke({ WECHAT_DEVTOOLS_WS: devtools.wsEndpoint, WECHAT_DEVTOOLS_CLI: undefined }, 40_000);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /ok - home shows the entries/);
    assert.match(run.output, /ok - the fund page draws text/);
    assert.match(run.output, /all checks passed/);
    assert.ok(devtools.received.includes('Page.getData'), `protocol calls: ${devtools.received.join(', ')}`);
  } finally {
    await devtools.close();
    harness.dispose();
  }
});
