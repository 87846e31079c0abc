import { count, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { seedBase } from '../src/db/seed/base';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo';
import { accessTokens } from '../src/modules/auth/tables';
import { addressScale, addressScenarios } from './addresses';
import { checkDefaultPlans } from './explain';
import { measureExports, type ExportServer, type ExportTarget } from './exports';
import { fillSalesBookMonth } from './sales-book';
import { startServer } from './server-process';
import { measure, type Scenario } from './measure';
import { paymentScale, paymentScenarios } from './payments';
import { attachFifty, closedBoxScenarios } from './closed-boxes';
import { dashboardScenarios, dashboardTotalsCheck } from './dashboard';
import { statementScenarios } from './statements';
import { measureReminderRun } from './reminders';
import { importsSummary, measureImports } from './imports';
import { fillAuditLogs, measureTodos, todosSummary } from './todos';
import { measureChainedWriters, measureChainVerify } from './audit-chain';
import { measureTenderStore } from './tenders';

/**
 * `npm run bench`: the API's latency budgets (DESIGN §8) measured over HTTP on loopback.
 * PostgreSQL when DATABASE_URL is set (the budgets are stated for it), else in-memory PGlite.
 * SESSIONS sets how many login sessions the sessions list holds (default 200 000). The address
 * list is measured on whatever the database holds: fill it first with `npm run seed:scale`.
 * BENCH_ONLY=<text> runs the scenarios whose name contains it; BENCH_REQUESTS sets the
 * requests per scenario (default 300, 4 at a time), on PostgreSQL against the built server as its
 * own process (bench/server-process.ts). Then the exports (bench/exports.ts): a
 * month and a year of payments and every client, with time and peak memory growth (on
 * PostgreSQL of the built server started as its own process for each); three `per_page=Todos`
 * at once on addresses, clients and logs (bench/todos.ts, the same kind of server); and on
 * PostgreSQL, EXPLAIN of what the default first page of each large list runs (bench/explain.ts).
 * The sales book's export reads a month of 90 000 documents the bench adds once (bench/sales-book.ts).
 * 'audit chain' (bench/audit-chain.ts): 50 concurrent payment writers with the audit chain on
 * and off (on keeps at least 90 % of off's throughput), and the chain verified over 1 000 000 entries in under 60 s.
 * 'imports' (bench/imports.ts): a 10 000-row dry run, and a commit of IMPORT_BENCH_ROWS rows with health and the payments list measured while it runs.
 */
/**
 * Each export against the built server started fresh as its own process on PostgreSQL, so its
 * memory and CPU are the server's alone; on in-memory PGlite (one process only) against the app
 * built here.
 */
function exportServers(here: ExportTarget): () => Promise<ExportServer> {
  if (!process.env.DATABASE_URL) return () => Promise.resolve({ ...here, close: () => Promise.resolve() });
  return async () => {
    const server = await startServer();
    return {
      base: server.base,
      token: server.token,
      pid: server.child.pid,
      close: async () => {
        server.child.kill('SIGTERM');
        await server.exited;
      },
    };
  };
}

async function main() {
  const sessions = Number(process.env.SESSIONS ?? 200_000);
  // The office collects IGTF (issue 49), so a payment in dollars computes it as in a special taxpayer's office.
  const config = loadConfig({ IGTF_ENABLED: 'true', ...process.env, LOG_LEVEL: 'silent', DEMO_SEED: 'true' });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: null });
  await seedBase(database.db);
  await seedDemo(database.db);
  const [counted] = await database.db.select({ existing: count() }).from(accessTokens);
  const existing = counted?.existing ?? 0;
  if (existing < sessions) {
    // A thousand staff users share the sessions, as a year of a busy office would.
    await database.db.execute(sql`
      insert into users (role_id, name, email, password_hash)
      select 3, 'Cajero ' || n, 'cajero' || n || '@bench.test', 'x' from generate_series(1, 1000) as n
      on conflict do nothing`);
    await database.db.execute(sql`
      insert into access_tokens (user_id, token_hash, ip, user_agent, created_at, last_used_at, ended_at)
      select (select min(id) from users) + (n % 1000), md5(n::text || random()::text), '10.0.' || (n % 250) || '.' || (n % 200), 'bench',
             now() - make_interval(mins => n), now() - make_interval(mins => n), now() - make_interval(mins => n - 5)
      from generate_series(1, ${sessions - existing}) as n`);
    await database.db.execute(sql`analyze`);
  }

  const app = await buildApp(config, database.db, { serveWeb: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@recaudo.test', password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const get = (path: string) => (baseUrl: string) => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

  const scenarios: Scenario[] = [
    { name: 'POST auth/me', budgetMs: 50, request: (baseUrl) => fetch(`${baseUrl}/api/auth/me`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }) },
    { name: 'GET roles', budgetMs: 100, request: get('/api/roles') },
    { name: 'GET logs (page 1)', budgetMs: 100, request: get('/api/logs') },
    { name: 'GET logs search value', budgetMs: 100, request: get('/api/logs?search=Cliente%20123456') },
    { name: 'GET logs search subject', budgetMs: 100, request: get('/api/logs?search=V-1000') },
    { name: 'GET logs search causer', budgetMs: 100, request: get('/api/logs?search=Administrador') },
    { name: 'GET logs/logins (page 1)', budgetMs: 100, request: get('/api/logs/logins') },
    { name: 'GET logs/logins (page 50)', budgetMs: 100, request: get('/api/logs/logins?page=50') },
    { name: 'GET logs/logins search user', budgetMs: 100, request: get('/api/logs/logins?search=cajero17') },
    { name: 'GET logs/logins search ip', budgetMs: 100, request: get('/api/logs/logins?search=10.0.17.') },
    { name: 'GET logs/logins by user and month', budgetMs: 100, request: get('/api/logs/logins?filters[user][]=2&filters[dates][]=01-10-2026&filters[dates][]=31-10-2026') },
    ...(await addressScenarios(database.db, get)),
    ...(await paymentScenarios(database.db, get)),
    ...(await closedBoxScenarios(database.db, get)),
    ...dashboardScenarios(get),
    ...(await statementScenarios(database.db, get)),
    // Issue 47: every payment form and the client portal ask it; the demo holds 90 days of BCV history.
    { name: 'GET exchange-rates/current', budgetMs: 10, request: get('/api/exchange-rates/current') },
    { name: 'GET exchange-rates/current?date (30 days back)', budgetMs: 10, request: get(`/api/exchange-rates/current?date=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`) },
  ];

  const only = process.env.BENCH_ONLY;
  const requests = Number(process.env.BENCH_REQUESTS ?? 300);
  const selected = scenarios.filter((item) => !only || item.name.includes(only));
  const todosMeasured = !only || 'Todos'.includes(only);
  // The Bitácoras scenarios and Todos read the log at size: seed:scale writes none.
  if (todosMeasured || selected.some((item) => item.name.startsWith('GET logs '))) await fillAuditLogs(database.db);
  // On PostgreSQL the latencies are measured, as the exports are, against the built server as its
  // own process: in this one, the reader's fetch and the server shared one event loop, and each
  // figure carried the reader's CPU beside the server's (sessions are the database's, so the token
  // logged in here serves there).
  const latencyServer = config.DATABASE_URL && selected.length ? await startServer() : null;
  const results = [];
  for (const scenario of selected) results.push(await measure(latencyServer?.base ?? address, scenario, requests));
  if (latencyServer) {
    latencyServer.child.kill('SIGTERM');
    await latencyServer.exited;
  }
  if (!only || 'export sales book, a month, XLSX'.includes(only)) console.log(`Libro de Ventas: ${await fillSalesBookMonth(database.db)} documentos en el mes de la medición`);
  const exported = await measureExports(database.db, exportServers({ base: address, token }), only);
  const todos = todosMeasured ? await measureTodos(exportServers({ base: address, token })) : null;
  const auditMeasured = !only || 'audit chain'.includes(only);
  const writers = auditMeasured ? await measureChainedWriters(database.db, address) : null;
  if (writers) console.table(writers.rounds);
  const chainVerify = auditMeasured ? await measureChainVerify(database.db) : null;
  const tenders = !only || 'tender lines'.includes(only) ? await measureTenderStore(database.db, address) : null;
  if (tenders) console.table(tenders.rounds);
  const plans = config.DATABASE_URL ? await checkDefaultPlans(app, config.DATABASE_URL, token) : [];
  const scale = await addressScale(database.db);
  console.log(`\nRecaudo bench on ${database.kind}, ${sessions} login sessions, ${scale.clients} clients, ${scale.addresses} payment addresses, ${scale.months} covered months, ${await paymentScale(database.db)} payments\n`);
  if (scale.addresses < 100_000) console.log('(The address budgets are stated for the scale set: npm run seed:scale first.)\n');
  console.table(results);
  if (exported.length) console.table(exported);
  if (todos) {
    console.table(todos.answers);
    console.log(todosSummary(todos));
  }
  if (writers) {
    console.log(`50 escritores de pagos con la cadena de la bitácora: ${(writers.kept * 100).toFixed(1)} % del rendimiento sin ella (mínimo 90 %)`);
  }
  if (tenders) console.log(`Pago en tres líneas de cobro frente a un método: ${(tenders.ratio * 100).toFixed(1)} % del costo (máximo 110 %)`);
  if (chainVerify) console.log(`Verificación de la bitácora: ${chainVerify.entries} entradas en ${chainVerify.verifySeconds} s (presupuesto 60 s)${chainVerify.valid ? '' : ' — CADENA ROTA'}; encadenadas ahora ${chainVerify.linkedNow} en ${chainVerify.chainSeconds} s`);
  if (!only || 'attach 50'.includes(only) || only.includes('closed')) {
    const rounds: number[] = [];
    for (const round of [0, 1, 2]) rounds.push(await attachFifty(address, token, database.db, round));
    console.log(`Crear un cierre y agregarle 50 pagos: ${rounds.map((ms) => `${Math.round(ms)} ms`).join(', ')} (presupuesto 1000 ms)`);
  }
  const paymentsList = scenarios.find((scenario) => scenario.name === 'GET bill-payments (page 1)')!;
  const reminderRun = !only || 'reminders'.includes(only) ? await measureReminderRun(database.db, () => measure(address, paymentsList, 100)) : null;
  if (reminderRun) {
    console.log(
      `Recordatorios: ${reminderRun.clients} clientes leídos en ${reminderRun.prepareSeconds} s; la ejecución completa (borrada después) preparó ${reminderRun.sent} en ${reminderRun.runSeconds} s (presupuesto 60 s), ` +
        `con el bucle de eventos detenido ${reminderRun.eventLoopMaxMs} ms a lo sumo; ${paymentsList.name} p95 ${reminderRun.listAlone.p95} ms sola y ${reminderRun.listDuringRun.p95} ms durante la ejecución (presupuesto ${paymentsList.budgetMs} ms)`,
    );
  }
  const importRun = !only || 'imports'.includes(only) ? await measureImports(database.db, exportServers({ base: address, token }), paymentsList) : null;
  if (importRun) console.log(importsSummary(importRun));
  const dashboardMismatches = await dashboardTotalsCheck(database.db, address, token);
  console.log(dashboardMismatches.length ? `dashboard/admin differs from sum() over payments:\n${dashboardMismatches.join('\n')}` : 'dashboard/admin equals sum() over payments to the cent.');
  if (plans.length) console.table(plans);
  await app.close();
  await database.close();
  const failed = [...results, ...exported, ...(todos ? [todos] : [])].some((result) => !result.withinBudget) || plans.some((plan) => !plan.usesIndexes) || dashboardMismatches.length > 0 || writers?.withinBudget === false || tenders?.withinBudget === false || chainVerify?.withinBudget === false || (reminderRun !== null && (reminderRun.runSeconds > 60 || !reminderRun.listDuringRun.withinBudget)) || importRun?.withinBudget === false;
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
