import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-outage';

export interface RealtimeBus {
  adapter: ReturnType<typeof createAdapter>;
  /** Whether the LISTEN connection is up: events of other processes reach this one. */
  listening(): boolean;
  end(): Promise<void>;
}

/**
 * The PostgreSQL side of socket.io across processes (@socket.io/postgres-adapter, LISTEN/NOTIFY),
 * made to survive a database restart (issue 46). The adapter reconnects when its LISTEN
 * connection ends, but never gives the dead connection back: with a small pool the second restart
 * left it waiting for a connection forever, and events stopped while health stayed green. Here the
 * LISTEN connection comes from a pool of its own, and one that ends is released as broken (the
 * pool drops it), so the adapter's reconnection gets a new one.
 */
export function realtimeBus(databaseUrl: string): RealtimeBus {
  const publishing = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const listeningPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let up = false;
  for (const pool of [publishing, listeningPool]) {
    // A connection closed by the server must not stop the process, idle or lent out.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
  }
  const connect = async () => {
    const client = await listeningPool.connect();
    const release = client.release.bind(client);
    let released = false;
    // Released once, whoever comes first: this end handler or the adapter's close.
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      release(error);
    };
    client.once('end', () => {
      up = false;
      client.release(new Error('la conexión de eventos se cerró'));
    });
    up = true;
    return client;
  };
  // After a restart the first query may take a pooled connection the server already closed: the
  // pool drops it on that failure and one retry goes out on a new connection, so the first event
  // after the database's return is not lost.
  const query = async (...args: Parameters<pg.Pool['query']>) => {
    try {
      return await (publishing.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return (publishing.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }
  };
  const pool = { connect, query } as unknown as pg.Pool;
  // Its errors are the database being away, seen in /api/health; the adapter retries by itself.
  const adapter = createAdapter(pool, { tableName: 'socket_io_attachments', errorHandler: () => undefined });
  return {
    adapter,
    listening: () => up,
    async end() {
      await Promise.all([publishing.end(), listeningPool.end()]);
    },
  };
}
