// The RSA private-key operation on a thread of its own (issue 22 §3). Decrypting a trade password costs ~0.3 ms of
// CPU (RSA-2048), a third of what an order costs the server's main thread: there it held up every other request's
// answer and the order batch's round trips behind it. On this thread it runs beside the main one, which keeps the
// padding check (rsa.ts) and everything else. The thread's code is the raw operation only, inlined (no module to
// resolve: it runs the same from the sources, the test bundle or a build); anything it cannot do — no worker threads,
// the thread gone — falls back to the same operation on the main thread.
import type { KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { rawPrivateDecrypt } from './rsa';

const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { constants, createPrivateKey, privateDecrypt } = require('node:crypto');
const key = createPrivateKey(workerData.pem);
parentPort.on('message', (batch) => {
  parentPort.postMessage(batch.map(({ id, data }) => {
    try {
      return { id, block: privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, Buffer.from(data)) };
    } catch {
      return { id, block: null };
    }
  }));
});
`;

export interface RsaThread {
  /** rawPrivateDecrypt (rsa.ts) on the thread. */
  decrypt(ciphertext: Buffer): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/**
 * A thread holding `key` (its PEM: a KeyObject does not cross threads). The inputs that arrive while the main thread
 * is busy go over in one message, and come back in one.
 */
export function rsaThread(key: KeyObject, pem: string): RsaThread {
  let worker: Worker | null = null;
  let broken = false;
  let nextId = 0;
  const pending = new Map<number, (block: Buffer | undefined) => void>();
  let outbox: Array<{ id: number; data: Uint8Array }> = [];

  const fail = () => {
    broken = true;
    worker = null;
    // What was sent is done here instead: the same answer, later.
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve(undefined);
    }
  };
  const start = (): Worker | null => {
    if (worker || broken) return worker;
    try {
      worker = new Worker(THREAD_CODE, { eval: true, workerData: { pem } });
    } catch {
      broken = true;
      return null;
    }
    worker.unref();
    worker.on('message', (results: Array<{ id: number; block: Uint8Array | null }>) => {
      for (const { id, block } of results) {
        const resolve = pending.get(id);
        pending.delete(id);
        resolve?.(block ? Buffer.from(block.buffer, block.byteOffset, block.byteLength) : undefined);
      }
    });
    worker.on('error', fail);
    worker.on('exit', fail);
    return worker;
  };
  const flush = () => {
    const batch = outbox;
    outbox = [];
    const thread = start();
    if (!thread) {
      for (const { id, data } of batch) pending.get(id)?.(rawPrivateDecrypt(key, Buffer.from(data)));
      for (const { id } of batch) pending.delete(id);
      return;
    }
    thread.postMessage(batch);
  };

  return {
    decrypt(ciphertext) {
      if (broken) return Promise.resolve(rawPrivateDecrypt(key, ciphertext));
      return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, (block) => resolve(block === undefined && broken ? rawPrivateDecrypt(key, ciphertext) : block));
        if (outbox.length === 0) setImmediate(flush);
        outbox.push({ id, data: ciphertext });
      });
    },
    async close() {
      const thread = worker;
      thread?.removeAllListeners('exit');
      fail();
      await thread?.terminate();
    },
  };
}
