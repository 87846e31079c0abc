import { Worker } from 'node:worker_threads';
import { scanPdf, type PdfScanResult } from './pdf-scan';

/**
 * The uploaded-PDF safety check, off the event loop: each check runs `scanPdf` in a worker
 * thread of its own, within a time budget (the worker is stopped when it passes it) and a budget
 * of inflated bytes for the whole file. A check that passes either budget is `too_large`: the
 * file is refused, as no reader could tell it is safe in reasonable time.
 */

export type PdfVerdict = PdfScanResult;

export interface PdfCheckBudget {
  /** Wall time of one check, the worker's start included. */
  timeMs: number;
  /** Bytes all the file's compressed streams may inflate to, together. */
  inflatedBytes: number;
}

export const PDF_CHECK_BUDGET: PdfCheckBudget = { timeMs: 1_500, inflatedBytes: 16 * 1024 * 1024 };

/** Checks at once; more wait their turn, so a burst of uploads cannot start a thread each. */
const CONCURRENT_CHECKS = 2;

// The worker is given the scan's own source (evaluated as CommonJS), which works alike from the
// TypeScript sources (tests, tsx) and from the bundle, with no second file to ship. `__name` is
// the helper esbuild wraps local functions in when it keeps their names (tsx does). The file's
// bytes are moved to the worker and back, never copied: on this kind of machine a fresh 5 MB
// copy (or the structured clone of `workerData`) held the event loop 80–150 ms.
const WORKER_SOURCE = `
const __name = (target) => target;
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const scanPdf = ${scanPdf.toString()};
const verdict = scanPdf(workerData.data, zlib, workerData.inflatedBytes);
parentPort.postMessage({ verdict, data: workerData.data }, [workerData.data.buffer]);
`;

/**
 * The bytes as a view that can be moved with its ArrayBuffer: an upload's own buffer (it starts
 * the buffer, which is larger than Node's shared pool of small Buffers) is moved as it is, unread
 * capacity after it included; a small pooled upload is copied.
 */
const movable = (data: Buffer) =>
  data.byteOffset === 0 && data.buffer.byteLength > Buffer.poolSize && data.buffer instanceof ArrayBuffer ? new Uint8Array(data.buffer, 0, data.length) : new Uint8Array(data);

function runScan(upload: Buffer, budget: PdfCheckBudget): Promise<CheckedPdf> {
  return new Promise((resolve, reject) => {
    const data = movable(upload);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { data, inflatedBytes: budget.inflatedBytes },
      transferList: [data.buffer],
      // Inflated streams are Buffers (outside the heap); the heap holds their text while it is read.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    const settle = (outcome: CheckedPdf | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    // Past a budget the bytes stay with the stopped worker: the file is refused, nothing keeps it.
    const timer = setTimeout(() => settle({ verdict: 'too_large', data: Buffer.alloc(0) }), budget.timeMs);
    worker.once('message', (answer: { verdict: PdfVerdict; data: Uint8Array }) =>
      settle({ verdict: answer.verdict, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) }),
    );
    // A worker out of memory ends with ERR_WORKER_OUT_OF_MEMORY: the file asked for too much.
    worker.once('error', (error: NodeJS.ErrnoException) => settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { verdict: 'too_large', data: Buffer.alloc(0) } : error));
    worker.once('exit', () => settle(new Error('PDF check worker exited without an answer')));
  });
}

let running = 0;
const waiting: (() => void)[] = [];

export interface CheckedPdf {
  verdict: PdfVerdict;
  /** The file's bytes, back from the worker (the Buffer given to `checkPdf` was moved there); empty past a budget. */
  data: Buffer;
}

/** The verdict on an uploaded PDF, from a worker thread within `budget`. The given Buffer is emptied: use the answer's `data`. */
export async function checkPdf(data: Buffer, budget: PdfCheckBudget = PDF_CHECK_BUDGET): Promise<CheckedPdf> {
  // A finished check hands its place to the next waiting one, so `running` never passes the limit.
  if (running < CONCURRENT_CHECKS) running++;
  else await new Promise<void>((turn) => waiting.push(turn));
  try {
    return await runScan(data, budget);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
