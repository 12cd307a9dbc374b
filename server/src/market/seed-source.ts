// Where the seed's COPY chunks come from: a worker thread (seed-worker.ts) for the default and large
// markets, so generating runs on the second core while the main thread creates the database and
// loads; inline for the small test market (a worker's start-up would cost more than it saves).
// `npm start` starts it before opening a fresh data directory, so generation overlaps initdb too.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { shanghaiDate } from '../domain/clock';
import type { MarketOptions } from './generate';
import { generateMarket, type GeneratedCounts } from './seed-data';

export interface SourceChunk {
  table: string;
  columns: string[];
  rows: number;
  /** UTF-8 CSV, or the text itself when generated inline. */
  csv: Uint8Array | string;
}

export interface GenerationReport extends GeneratedCounts {
  /** Time spent generating (ms), wherever it ran. */
  generateMs: number;
  /** Where it ran. */
  thread: 'worker' | 'inline';
}

export interface MarketSource {
  readonly options: MarketOptions;
  /** The next chunk, or null once everything was handed out. */
  next(): Promise<SourceChunk | null>;
  /** Tells the source a chunk is loaded (a worker may then generate further ahead). */
  loaded(chunk: SourceChunk): void;
  /** Counts and timing, once next() has returned null. */
  report(): GenerationReport;
  /** Stops generating (the seed failed or was not needed). */
  cancel(): Promise<void>;
}

export interface SourceOptions {
  seed?: number;
  small?: boolean;
  large?: boolean;
  asOf?: string;
  /** Generate in a worker thread (default: not for the small market). */
  worker?: boolean;
}

export function marketOptionsOf(opts: SourceOptions): MarketOptions {
  return {
    seed: opts.seed ?? 20_240_101,
    asOf: opts.asOf ?? shanghaiDate(new Date()),
    small: opts.small,
    large: opts.large,
  };
}

/** Starts generating the market; chunks are read with next(). */
export function startMarketSource(opts: SourceOptions): MarketSource {
  const options = marketOptionsOf(opts);
  if (opts.worker ?? !opts.small) {
    try {
      return new WorkerSource(options);
    } catch {
      // No worker threads here (or the entry cannot load): generate inline.
    }
  }
  return new InlineSource(options);
}

class InlineSource implements MarketSource {
  private readonly counts: GeneratedCounts = { funds: 0, navRows: 0, indexRows: 0 };
  private readonly chunks: Iterator<SourceChunk>;
  private generateMs = 0;

  constructor(readonly options: MarketOptions) {
    this.chunks = generateMarket(options, this.counts);
  }

  async next(): Promise<SourceChunk | null> {
    const started = performance.now();
    try {
      for (;;) {
        const step = this.chunks.next();
        if (step.done) return null;
        if (step.value.rows > 0) return step.value;
      }
    } finally {
      this.generateMs += performance.now() - started;
    }
  }

  loaded(): void {}

  report(): GenerationReport {
    return { ...this.counts, generateMs: this.generateMs, thread: 'inline' };
  }

  async cancel(): Promise<void> {}
}

type WorkerMessage =
  | { type: 'chunk'; table: string; columns: string[]; rows: number; bytes: Uint8Array }
  | { type: 'done'; counts: GeneratedCounts; busyMs: number; wallMs: number };

class WorkerSource implements MarketSource {
  private readonly worker: Worker;
  private readonly queue: SourceChunk[] = [];
  private waiting: { resolve: (chunk: SourceChunk | null) => void; reject: (error: Error) => void } | null = null;
  private finished: Extract<WorkerMessage, { type: 'done' }> | null = null;
  private failure: Error | null = null;
  private fallback: InlineSource | null = null;
  private received = 0;

  constructor(readonly options: MarketOptions) {
    // Node 20 runs no --import preloads in workers, so the worker registers tsx's require hook itself
    // before loading the TypeScript entry (the server always runs under tsx).
    const entry = fileURLToPath(new URL('./seed-worker.ts', import.meta.url));
    const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
    const boot = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
    this.worker = new Worker(boot, { eval: true, workerData: { options } });
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'chunk') {
        this.received += 1;
        this.push({ table: message.table, columns: message.columns, rows: message.rows, csv: message.bytes });
      } else {
        this.finished = message;
        this.settle();
        // Its port listener would keep it alive; everything it had to say is said.
        void this.worker.terminate();
      }
    });
    this.worker.on('error', (error) => {
      // Failing before the first chunk (e.g. the entry could not load): generate inline instead.
      if (this.received === 0 && !this.finished) this.fallback = new InlineSource(this.options);
      else this.failure = error;
      this.settle();
    });
    this.worker.on('exit', (code) => {
      if (!this.finished && !this.failure && !this.fallback) {
        this.failure = new Error(`market generation worker exited with code ${code}`);
        this.settle();
      }
    });
  }

  private push(chunk: SourceChunk): void {
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve(chunk);
    } else this.queue.push(chunk);
  }

  private settle(): void {
    if (!this.waiting) return;
    const { resolve, reject } = this.waiting;
    this.waiting = null;
    if (this.fallback) this.fallback.next().then(resolve, reject);
    else if (this.failure) reject(this.failure);
    else resolve(null);
  }

  next(): Promise<SourceChunk | null> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.fallback) return this.fallback.next();
    if (this.failure) return Promise.reject(this.failure);
    if (this.finished) return Promise.resolve(null);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  loaded(chunk: SourceChunk): void {
    if (typeof chunk.csv !== 'string') this.worker.postMessage({ ack: chunk.csv.byteLength });
  }

  report(): GenerationReport {
    if (this.fallback) return this.fallback.report();
    const counts = this.finished?.counts ?? { funds: 0, navRows: 0, indexRows: 0 };
    return { ...counts, generateMs: this.finished?.busyMs ?? 0, thread: 'worker' };
  }

  async cancel(): Promise<void> {
    await this.worker.terminate();
  }
}
