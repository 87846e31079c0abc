import { sql } from 'drizzle-orm';
import { addMonths } from '@recaudo/domain/months';
import type { Database } from '../src/db/client';
import { chainPending, verifyChain } from '../src/modules/logs/chain';
import { startLoop } from '../src/platform/queue';
import { paymentBody, seedPaymentPlace, type PaymentPlace } from '../test/backups-fixture';

const WRITERS = 50;
const FIRST_MONTH = '2020-01';

export interface WritersRound {
  chain: 'on' | 'off';
  payments: number;
  seconds: number;
  perSecond: number;
}

/**
 * 50 writers at once, each recording `perWriter` payments one after another on its own address
 * through POST /api/payments/store (the payments service, its audit entry included). With the
 * chain off the append-only trigger is disabled and no chainer runs (the test-only switch);
 * with it on the trigger guards every insert and the chainer links entries every 250 ms, four
 * times as often as the server does.
 */
export async function measureChainedWriters(db: Database, baseUrl: string, rounds = 4, perWriter = Number(process.env.AUDIT_WRITER_PAYMENTS ?? 10)) {
  const place = await writersPlace(db);
  const nextMonth = place.addressIds.map(() => FIRST_MONTH);
  const results: WritersRound[] = [];
  for (let round = 0; round < rounds; round++) {
    const chain = round % 2 === 0 ? 'off' : 'on';
    await db.execute(sql.raw(`alter table audit_logs ${chain === 'on' ? 'enable' : 'disable'} trigger audit_logs_append_only`));
    const chainer = chain === 'on' ? startLoop(() => chainPending(db), { intervalMs: 250 }) : null;
    const started = performance.now();
    await Promise.all(
      place.addressIds.map(async (addressId, writer) => {
        for (let done = 0; done < perWriter; done++) {
          const month = nextMonth[writer]!;
          nextMonth[writer] = addMonths(month, 1);
          const response = await fetch(`${baseUrl}/api/payments/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${place.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ ...paymentBody(place, addressId), months_payment: [month] }),
          });
          if (!response.ok) throw new Error(`payments/store: HTTP ${response.status} ${await response.text()}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await chainer?.stop();
    results.push({ chain, payments: WRITERS * perWriter, seconds: Number(seconds.toFixed(2)), perSecond: Number(((WRITERS * perWriter) / seconds).toFixed(1)) });
  }
  await db.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
  await chainPending(db);
  const rate = (chain: 'on' | 'off') => {
    const taken = results.filter((result) => result.chain === chain);
    return taken.reduce((sum, result) => sum + result.payments, 0) / taken.reduce((sum, result) => sum + result.seconds, 0);
  };
  const kept = rate('on') / rate('off');
  return { rounds: results, kept, withinBudget: kept >= 0.9 };
}

/** `writers` addresses open since January 2020: each writer pays its own address's months in order. */
export async function writersPlace(db: Database, writers = WRITERS): Promise<PaymentPlace> {
  const place = await seedPaymentPlace(db, writers);
  await db.execute(sql`update addresses_payments set date_start = ${`${FIRST_MONTH}-01`} where id in ${sql.raw(`(${place.addressIds.join(',')})`)}`);
  return place;
}

/**
 * Fills the audit log up to AUDIT_CHAIN_ENTRIES (default 1 000 000) entries, links them, and
 * times verifyChain over all of them (what `npm run audit:verify` runs); the budget is 60 s.
 */
export async function measureChainVerify(db: Database) {
  const wanted = Number(process.env.AUDIT_CHAIN_ENTRIES ?? 1_000_000);
  const [existing] = ((await db.execute(sql`select count(*)::int as entries from audit_logs`)) as unknown as { rows: { entries: number }[] }).rows;
  const missing = wanted - (existing?.entries ?? 0);
  if (missing > 0) {
    await db.execute(sql`
      insert into audit_logs (log_name, description, subject_type, subject_id, causer_id, properties, created_at)
      select 'payments', 'created', 'payments', n, 1,
             jsonb_build_object('attributes', jsonb_build_object('amount_payment', (n % 9000)::numeric / 100 + 1, 'reference', 'Ref ' || n, 'months_payment', jsonb_build_array('2026-01'))),
             now() - make_interval(secs => n)
      from generate_series(1, ${missing}) as n`);
  }
  const chainStarted = performance.now();
  const linked = await chainPending(db, 20_000);
  const chainSeconds = (performance.now() - chainStarted) / 1000;
  await db.execute(sql`analyze audit_logs`);
  const started = performance.now();
  const verdict = await verifyChain(db);
  const seconds = (performance.now() - started) / 1000;
  return { entries: verdict.checked, valid: verdict.valid, linkedNow: linked, chainSeconds: Number(chainSeconds.toFixed(1)), verifySeconds: Number(seconds.toFixed(1)), withinBudget: verdict.valid && seconds < 60 };
}
