import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { captureStatements } from './capture';

/** The tables whose full read a first page must never need (DESIGN §8), when they hold more than LARGE_ROWS. */
const LARGE_TABLES = new Set(['payments', 'clients', 'addresses_payments', 'address_months', 'audit_logs', 'access_tokens']);

/** The default first page of every large list, as its screen asks for it. */
const DEFAULT_PAGES = [
  '/api/bill-payments?page=1&per_page=10',
  '/api/clients?page=1&per_page=10',
  '/api/addresses-payment?type=0&page=1&per_page=10',
  '/api/addresses-payment?page=1&per_page=10',
  '/api/logs?page=1&per_page=10',
  '/api/logs/logins?page=1&per_page=10',
  '/api/users?page=1&per_page=10',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Below this many rows a table is read whole at no cost (the audit log of a fresh scale set). */
const LARGE_ROWS = 10_000;

const seqScans = (node: PlanNode, large: Set<string>): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name']) ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap((child) => seqScans(child, large)),
];

export interface PlanCheck {
  page: string;
  statements: number;
  seqScans: string;
  usesIndexes: boolean;
}

/**
 * EXPLAIN of every statement the default first page of each large list runs (recorded through the
 * app): none may read a large table in full. PostgreSQL only (PGlite statements are not recorded).
 */
export async function checkDefaultPlans(app: FastifyInstance, url: string, token: string): Promise<PlanCheck[]> {
  const client = new pg.Client({ connectionString: url, options: '-c jit=off -c max_parallel_workers_per_gather=0' });
  await client.connect();
  const checks: PlanCheck[] = [];
  const sizes = await client.query<{ relname: string }>('select relname from pg_class where relname = any($1) and reltuples > $2', [[...LARGE_TABLES], LARGE_ROWS]);
  const large = new Set(sizes.rows.map((row) => row.relname));
  try {
    for (const page of DEFAULT_PAGES) {
      const waves = await captureStatements(async () => {
        const answer = await app.inject({ method: 'GET', url: page, headers: { authorization: `Bearer ${token}` } });
        if (answer.statusCode !== 200) throw new Error(`${page}: HTTP ${answer.statusCode}`);
      });
      const statements = waves.flat().filter((statement) => /^\s*(select|with)\b/i.test(statement.text));
      const found: string[] = [];
      for (const statement of statements) {
        const result = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${statement.text}`, statement.values);
        found.push(...seqScans(result.rows[0]!['QUERY PLAN'][0]!.Plan, large));
      }
      checks.push({ page, statements: statements.length, seqScans: [...new Set(found)].join(', '), usesIndexes: found.length === 0 });
    }
  } finally {
    await client.end();
  }
  return checks;
}
