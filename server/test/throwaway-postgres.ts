import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ThrowawayPostgres {
  url: string;
  /**
   * `pg_ctl restart -m fast`: every connection cut, the server back when it resolves. Run apart
   * from the test's event loop, so the test's writers go on writing through the outage (a
   * synchronous restart froze them for its whole length, and whether any write met it was luck).
   */
  restartFast(): Promise<void>;
  /** SIGKILL to the postmaster (a crash), then started again; `downMs` it stays down. */
  killAndStart(downMs?: number): Promise<void>;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A PostgreSQL cluster of a fault test's own (initdb + pg_ctl in a temporary folder, on a free
 * port), so it can be restarted and killed without touching the shared server others use. As
 * root the cluster belongs to the `postgres` user, which initdb requires.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asOwner =
    process.getuid?.() === 0
      ? (() => {
          const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
          const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
          fs.chownSync(dir, uid, gid);
          return { uid, gid };
        })()
      : {};
  const run = (command: string, args: string[]) => {
    const result = spawnSync(path.join(BIN, command), args, { ...asOwner, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8' } });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=40`;
  const runApart = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(path.join(BIN, command), args, { ...asOwner, env: { PATH: process.env.PATH ?? '', LC_ALL: 'C.UTF-8' } }, (error, stdout, stderr) =>
        error ? reject(new Error(`${command} ${args.join(' ')}: ${stderr || stdout}`)) : resolve(),
      ),
    );
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restartFast: () => runApart('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-m', 'fast', '-w', 'restart']),
    async killAndStart(downMs = 0) {
      const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      // Its backends notice their postmaster is gone and exit; the new one waits for their memory.
      for (let tries = 0; tries < 100 && fs.existsSync(`/proc/${pid}`); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, downMs));
      fs.rmSync(path.join(data, 'postmaster.pid'), { force: true });
      start();
    },
    stop() {
      spawnSync(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], { ...asOwner });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
