import pg from 'pg';

/** One statement as the app sent it to PostgreSQL. */
export interface Statement {
  text: string;
  values: unknown[];
  rowMode?: 'array';
  name?: string;
}

/**
 * The statements of one request, in waves: a statement sent while another was still running
 * joins its wave (the app ran them together, e.g. a page and its count), so a replay can run
 * each wave at once and the waves one after the other, as the app did.
 */
export type Waves = Statement[][];

type QueryConfig = { text?: string; values?: unknown[]; rowMode?: 'array'; name?: string };
type Query = (...args: unknown[]) => unknown;

/**
 * Records what node-postgres sends while `run` runs (this process only: the app under test is
 * built here with the same database for the recording, then measured in its own process).
 * `Pool.query` runs its statement through `Client.query` with a callback: that inner call is not
 * counted twice; a transaction's client calls `Client.query` itself and is.
 */
export async function captureStatements(run: () => Promise<void>): Promise<Waves> {
  const waves: Waves = [];
  let running = 0;
  const record = (original: Query): Query =>
    function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const config: QueryConfig = typeof first === 'string' ? { text: first } : (first as QueryConfig);
      if (!config?.text || typeof args.at(-1) === 'function') return original.apply(this, args);
      if (running === 0 || !waves.length) waves.push([]);
      const values = Array.isArray(second) ? second : (config.values ?? []);
      waves.at(-1)!.push({ text: config.text, values, ...(config.rowMode ? { rowMode: config.rowMode } : {}), ...(config.name ? { name: config.name } : {}) });
      running++;
      return (original.apply(this, args) as Promise<unknown>).finally(() => {
        running--;
      });
    };
  const targets = [pg.Pool.prototype, pg.Client.prototype] as unknown as { query: Query }[];
  const originals = targets.map((target) => target.query);
  targets.forEach((target, index) => (target.query = record(originals[index]!)));
  try {
    await run();
  } finally {
    targets.forEach((target, index) => (target.query = originals[index]!));
  }
  return waves;
}
