// Worker thread of the seed (seed-source.ts): generates the market and posts its COPY chunks as
// UTF-8 bytes (transferred, not copied), while the main thread creates the database and loads what
// has arrived. At most MAX_AHEAD_BYTES wait unloaded, so memory stays flat for the large market.
import { parentPort, workerData } from 'node:worker_threads';
import type { MarketOptions } from './generate';
import { generateMarket, type GeneratedCounts } from './seed-data';

const MAX_AHEAD_BYTES = 192 << 20;

if (!parentPort) throw new Error('seed-worker.ts runs as a worker thread');
const port = parentPort;
let ahead = 0;
let wake: (() => void) | null = null;
port.on('message', (message: { ack: number }) => {
  ahead -= message.ack;
  wake?.();
  wake = null;
});

async function run(): Promise<void> {
  const started = performance.now();
  const counts: GeneratedCounts = { funds: 0, navRows: 0, indexRows: 0 };
  const encoder = new TextEncoder();
  let busy = 0;
  let sliceStart = performance.now();
  for (const chunk of generateMarket((workerData as { options: MarketOptions }).options, counts)) {
    if (chunk.rows === 0) continue;
    const bytes = encoder.encode(chunk.csv);
    busy += performance.now() - sliceStart;
    while (ahead > 0 && ahead + bytes.byteLength > MAX_AHEAD_BYTES) await new Promise<void>((resolve) => (wake = resolve));
    ahead += bytes.byteLength;
    port.postMessage({ type: 'chunk', table: chunk.table, columns: chunk.columns, rows: chunk.rows, bytes }, [bytes.buffer]);
    sliceStart = performance.now();
  }
  busy += performance.now() - sliceStart;
  port.postMessage({ type: 'done', counts, busyMs: busy, wallMs: performance.now() - started });
}

void run();
