// Natural batching of requests' statements (issue 22 §3): while `maxInFlight` batches run, what arrives waits, and
// the next batch takes everything waiting (up to `maxBatch`). An idle server runs each item at once, alone — no
// timer, no added latency; a busy one shares a round trip, a statement and a commit among the items that queued
// during the previous one. Each item is answered on its own (its promise), after its batch's work is done.
//
// Used by the order path (services/trading.ts, placeBuy: several investors' purchases in one transaction) and the
// session lookup (plugins/session.ts).

export interface BatcherOptions<T, R> {
  /** The most items one batch takes. */
  maxBatch: number;
  /** Batches running at once (each holds a database connection while it runs). */
  maxInFlight: number;
  /**
   * Items of one key never share a batch: the later waits for a later one (two purchases of one investor must each
   * see the other's effects). Leave out when any items may share.
   */
  keyOf?: (item: T) => unknown;
  /**
   * Runs one batch: answers one outcome per item, in the items' order. A throw answers every item of the batch with
   * that error.
   */
  run: (items: T[]) => Promise<Array<BatchOutcome<R>>>;
}

export type BatchOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface Batcher<T, R> {
  /** Queues `item`; resolves or rejects with its outcome once its batch has run. */
  add(item: T): Promise<R>;
  /** Items waiting and batches running now (for tests and the bench). */
  readonly stats: { waiting: number; inFlight: number; batches: number; items: number; largest: number };
}

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export function batcher<T, R>(options: BatcherOptions<T, R>): Batcher<T, R> {
  if (!(options.maxBatch >= 1) || !(options.maxInFlight >= 1)) throw new Error('batcher: maxBatch and maxInFlight must be at least 1');
  let queue: Array<Waiting<T, R>> = [];
  const stats = { waiting: 0, inFlight: 0, batches: 0, items: 0, largest: 0 };

  const take = (): Array<Waiting<T, R>> => {
    if (!options.keyOf) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      return batch;
    }
    const batch: Array<Waiting<T, R>> = [];
    const rest: Array<Waiting<T, R>> = [];
    const keys = new Set<unknown>();
    for (const waiting of queue) {
      const key = options.keyOf(waiting.item);
      if (batch.length < options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch;
  };

  const runBatch = async (batch: Array<Waiting<T, R>>): Promise<void> => {
    let outcomes: Array<BatchOutcome<R>>;
    try {
      outcomes = await options.run(batch.map((w) => w.item));
      if (outcomes.length !== batch.length) throw new Error(`batcher: ${outcomes.length} outcomes for ${batch.length} items`);
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i] as BatchOutcome<R>;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  };

  const pump = (): void => {
    while (stats.inFlight < options.maxInFlight && queue.length > 0) {
      const batch = take();
      stats.waiting = queue.length;
      stats.inFlight += 1;
      stats.batches += 1;
      stats.items += batch.length;
      stats.largest = Math.max(stats.largest, batch.length);
      void runBatch(batch).finally(() => {
        stats.inFlight -= 1;
        pump();
      });
    }
  };

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        stats.waiting = queue.length;
        pump();
      });
    },
    stats,
  };
}
