import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { seedBase } from '../../db/seed/base';
import { payments } from '../payments/tables';
import { paymentBody, seedPaymentPlace } from '../../../test/backups-fixture';
import { createDatabase, dropDatabase } from '../../../test/databases';
import { startServer, type ServerProcess } from '../../../test/server-process';
import { legalDocuments } from './tables';

/**
 * Issue 32: `npm run simulators` as its own process, two Recaudo processes on one PostgreSQL
 * database pointed at it as at the real services, 50 invoices at once through both: every
 * document issued once, control numbers without duplicate or gap.
 */
const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-simulators-'));
const children: ChildProcess[] = [];
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const server of servers) server.child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run simulators`' program, started by Node itself (as server-process does) on the given ports. */
function startSimulators(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulators.ts'], {
    cwd: SERVER,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Estado de los simuladores')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`los simuladores terminaron (${code}):\n${output}`)));
  });
}

describe('two processes sharing npm run simulators', () => {
  it('issue 50 concurrent invoices once each, with control numbers 1 to 50 and no gap', async () => {
    const { name, url } = await createDatabase(POSTGRES, 'recaudo_test');
    try {
      const setup = await openDatabase({ url, dataDir: null });
      await seedBase(setup.db);
      const place = await seedPaymentPlace(setup.db, 50);
      await setup.close();

      const [invoicePort, bankPort] = [await freePort(), await freePort()];
      await startSimulators({ DATA_DIR: path.join(scratch, 'simulators'), INVOICE_SIMULATOR_PORT: String(invoicePort), BANK_SIMULATOR_PORT: String(bankPort) });
      const env = {
        DATABASE_URL: url,
        DATA_DIR: path.join(scratch, 'recaudo'),
        INVOICE_PROVIDER_URL: `http://127.0.0.1:${invoicePort}/api`,
        INVOICE_PROVIDER_USER: 'recaudo',
        INVOICE_PROVIDER_PASSWORD: 'simulador',
        INVOICE_POLL_SECONDS: '0.2',
        BANK_API_URL: `http://127.0.0.1:${bankPort}`,
        BANK_API_KEY: 'simulador-bdv',
      };
      const pair = await Promise.all([startServer(env), startServer(env)]);
      servers.push(...pair);

      const answers = await Promise.all(
        place.addressIds.map(async (addressId, index) => {
          const response = await fetch(`${pair[index % 2]!.url}/api/payments/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${place.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ...paymentBody(place, addressId), number: undefined, send_invoice: '1' }),
          });
          return { status: response.status, body: await response.text() };
        }),
      );
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);

      const check = await openDatabase({ url, dataDir: null });
      try {
        let issued: (typeof legalDocuments.$inferSelect)[] = [];
        for (let wait = 0; wait < 600 && issued.length < 50; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          issued = (await check.db.select().from(legalDocuments)).filter((doc) => doc.status === 200);
        }
        const stored = await check.db.select().from(payments).where(eq(payments.serieId, place.serieId));
        expect(stored).toHaveLength(50);
        expect(issued).toHaveLength(50);
        const controls = stored.map((row) => row.number).sort();
        expect(controls).toEqual(Array.from({ length: 50 }, (_, index) => `00-${String(index + 1).padStart(8, '0')}`));
        const documentNumbers = stored.map((row) => Number(row.numberCorrelative)).sort((a, b) => a - b);
        expect(documentNumbers).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      } finally {
        await check.close();
      }
      // The printer holds each document once (its state file, written on every emission).
      const printer = JSON.parse(fs.readFileSync(path.join(scratch, 'simulators', 'invoice-simulator.json'), 'utf8')) as {
        documents: { transaccionId: string; numeroControl: string }[];
      };
      expect(printer.documents).toHaveLength(50);
      expect(new Set(printer.documents.map((doc) => doc.transaccionId)).size).toBe(50);
      expect(pair[0]!.output() + pair[1]!.output()).not.toMatch(/invoice queue failed/);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await dropDatabase(POSTGRES, name);
    }
  }, 300_000);
});
