import { setImmediate } from 'node:timers/promises';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import type { Month } from '@recaudo/domain/months';
import { installmentLeft, nextInstallment, type StatementAgreement } from '@recaudo/domain/payment-agreements';
import { reminderInstallmentName, type ReminderEntry, type ReminderRun } from '@recaudo/domain/reminders';
import { debtOfDollars, sumDebts, agingBucket, owesSurcharge, surchargeFigures, sumSurcharges } from '@recaudo/domain/statement';
import type { Database, Executor } from '../../db/client';
import { recordAudit, recordAudits, type AuditEntry } from '../../platform/audit';
import { FEE_SOURCE_JOINS, monthNumber, monthsToPaySql, owedUsdSql } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';
import { messagePhone } from '../clients/client-messages';
import { clients } from '../clients/tables';
import { exchangeRates } from '../configurations/service';
import { queueMessages } from '../messages/service';
import { statementAgreementsOf } from '../payment-agreements/queries';
import { addressSurcharges } from '../statements/queries';
import { reminderMail, reminderSms, reminderSummary, type ReminderMailFacts } from '../messages/templates';
import { reminders } from './tables';

/**
 * The monthly payment reminders (issue 33). A run reads every active client who has not opted
 * out and was not reminded this period, adds up what their addresses owe, and for each one owing
 * at least `minMonths` months inserts its (client, period) row and queues its e-mail (and SMS)
 * in one transaction. The unique (client, period) decides: a second run, concurrent or later,
 * finds the row and queues nothing, and a run cut midway leaves the clients it committed done and
 * the rest to the next run. The period and the months owed are the database clock's Caracas month.
 */

export interface ReminderOptions {
  minMonths: number;
  /** The portal's address, for the link to pay. */
  appUrl: string;
  /** Whether SMS are configured (SMS_GATEWAY_URL): only then a reminder queues one. */
  sms: boolean;
}

/** Clients per batch: a run holds few row locks at once and a cut loses at most one batch's work, not its effect. */
const BATCH = 200;

/** The Caracas month of the database's clock. */
export async function currentPeriod(db: Executor): Promise<Month> {
  const result = (await db.execute(sql`select to_char(now() at time zone 'America/Caracas', 'YYYY-MM') as period`)) as unknown as { rows: { period: string }[] };
  return result.rows[0]!.period as Month;
}

interface OwingRow {
  client_id: number;
  address_payment_id: number;
  address: string;
  months: number | string;
  /** Each owed month at the tariff in force for it (issue 50). */
  owed_usd: string;
  name: string;
  identification_type: string;
  identification: string;
  email: string | null;
  phone: string[];
  /** Whether its fee source charges the late-payment surcharge (issue 50). */
  surcharged: boolean;
  /** The surcharge it owes, in $ before VAT (issue 50). */
  surcharge_usd: string;
  /** Its current agreement's next installment (issue 50), undefined without one. */
  installment?: { number: number; count: number; due_date: string; owed_usd: string };
}

/**
 * The owing addresses of the clients a run for `period` may remind, by client id: every such
 * client, or (`chunk`) only those among the `size` clients after id `after` or those of `ids`,
 * which the clients' primary key and the addresses' client index answer without reading the rest.
 */
async function owingRows(db: Executor, period: Month, chunk?: { after: number; size: number } | { ids: number[] }): Promise<OwingRow[]> {
  const inChunk = !chunk
    ? sql``
    : 'ids' in chunk
      ? sql`and ${addressesPayments.clientId} in (select unnest(${`{${chunk.ids.join(',')}}`}::int[]))`
      : sql`and ${addressesPayments.clientId} in (select ${clients.id} from ${clients} where ${clients.id} > ${chunk.after}::int order by ${clients.id} limit ${chunk.size}::int)`;
  const result = (await db.execute(sql`
    select ${addressesPayments.clientId} as client_id, ${addressesPayments.id} as address_payment_id, ${addressesPayments.address} as address,
      ${monthsToPaySql(period)} as months, ${owedUsdSql(period)}::numeric(18, 2)::text as owed_usd, ${clients.name} as name,
      ${clients.identificationType} as identification_type, ${clients.identification} as identification, ${clients.email} as email, ${clients.phone} as phone,
      (case when ${addressesPayments.type} = 1 then "economic_activities"."late_fee_percent" else "communities"."late_fee_percent" end) is not null as surcharged
    from ${addressesPayments}
    join ${clients} on ${clients.id} = ${addressesPayments.clientId}
    ${FEE_SOURCE_JOINS}
    where ${addressesPayments.type} in (0, 1) and ${addressesPayments.ledgerPaidThrough} < ${monthNumber(period)}::int ${inChunk}
      and ${clients.active} and not ${clients.remindersOptOut}
      and not exists (select 1 from ${reminders} where ${reminders.clientId} = ${addressesPayments.clientId} and ${reminders.period} = ${period})
    order by ${addressesPayments.clientId}, ${addressesPayments.id}`)) as unknown as { rows: Omit<OwingRow, 'surcharge_usd'>[] };
  // The surcharge is priced month by month (grace, caps, agreements): only the owing addresses whose fee source charges it.
  const owing = result.rows.filter((row) => Number(row.months) > 0);
  const [surcharges, agreements] = await Promise.all([
    addressSurcharges(
      db,
      owing.filter((row) => row.surcharged).map((row) => Number(row.address_payment_id)),
    ),
    statementAgreementsOf(
      db,
      owing.map((row) => Number(row.address_payment_id)),
    ),
  ]);
  return result.rows.map((row) => ({
    ...row,
    surcharge_usd: surcharges.get(Number(row.address_payment_id))?.surcharge_usd ?? '0.00',
    installment: nextInstallmentOf(agreements.get(Number(row.address_payment_id))),
  }));
}

/** A current agreement's next installment still owed, as the reminder names it; none without one. */
function nextInstallmentOf(agreement: StatementAgreement | undefined): OwingRow['installment'] {
  const next = agreement?.status === 'current' ? nextInstallment(agreement.installments) : null;
  if (!agreement || !next) return undefined;
  const count = agreement.installments.filter((installment) => installment.number > 0).length;
  return { number: next.number, count, due_date: next.due_date, owed_usd: installmentLeft(next) };
}

/** What each client of `rows` is reminded of, when they owe at least `minMonths` months and can be reached. */
function entriesOf(rows: OwingRow[], dollarRate: string, options: ReminderOptions): ReminderEntry[] {
  const byClient = new Map<number, OwingRow[]>();
  for (const row of rows) {
    if (Number(row.months) <= 0) continue;
    const list = byClient.get(Number(row.client_id)) ?? [];
    list.push(row);
    byClient.set(Number(row.client_id), list);
  }
  const entries: ReminderEntry[] = [];
  for (const [clientId, owing] of byClient) {
    const head = owing[0]!;
    const addresses = owing.map((row) => ({
      address_payment_id: Number(row.address_payment_id),
      address: row.address,
      ...debtOfDollars(Number(row.months), row.owed_usd, dollarRate),
      ...surchargeFigures(row.surcharge_usd, dollarRate),
      installment: row.installment ? { ...row.installment, owed_bs: debtOfDollars(0, row.installment.owed_usd, dollarRate).owed_bs } : null,
    }));
    const total = sumDebts(addresses.map((address) => ({ ...address, aging: agingBucket(address.months_owed) })));
    if (total.months_owed < options.minMonths) continue;
    const email = head.email?.trim() || null;
    const sms = options.sms && head.phone[0] ? messagePhone(head.phone[0]) : null;
    if (!email && !sms) continue;
    entries.push({
      client: { id: clientId, name: head.name, identification_type: head.identification_type, identification: head.identification },
      email,
      sms,
      months_owed: total.months_owed,
      owed_usd: total.owed_usd,
      owed_bs: total.owed_bs,
      ...sumSurcharges(addresses),
      addresses,
    });
  }
  return entries;
}

/** Who a run for `period` reminds and what each reminder says, by client id. */
export async function reminderEntries(db: Executor, period: Month, options: ReminderOptions): Promise<ReminderEntry[]> {
  const [rows, rates] = await Promise.all([owingRows(db, period), exchangeRates(db)]);
  return entriesOf(rows, rates.dollar_rate, options);
}

export interface ReminderPreviewPage {
  /** The clients the run reminds, and what they owe together. */
  total: number;
  owed_usd: string;
  owed_bs: string;
  reminders: ReminderEntry[];
}

/**
 * One page (by client id) of who a run for `period` reminds, with their count and what they owe
 * together: the same rule as `entriesOf` (at least `minMonths` months owed over the addresses
 * owing, an e-mail or, with SMS configured, a phone), counted in SQL, so the Administrador's
 * preview reads the page's clients only, whatever the number of owing clients.
 */
export async function reminderPreviewPage(db: Executor, period: Month, options: ReminderOptions, page: { page: number; perPage: number }): Promise<ReminderPreviewPage> {
  const rates = await exchangeRates(db);
  const months = monthsToPaySql(period);
  const reachable = options.sms ? sql`(nullif(btrim(${clients.email}), '') is not null or coalesce(${clients.phone} ->> 0, '') <> '')` : sql`nullif(btrim(${clients.email}), '') is not null`;
  const result = (await db.execute(sql`
    with owing as (
      select ${addressesPayments.clientId} as client_id, ${months} as months, ${owedUsdSql(period)} as usd
      from ${addressesPayments}
      join ${clients} on ${clients.id} = ${addressesPayments.clientId}
      ${FEE_SOURCE_JOINS}
      where ${addressesPayments.type} in (0, 1) and ${addressesPayments.ledgerPaidThrough} < ${monthNumber(period)}::int
        and ${clients.active} and not ${clients.remindersOptOut} and ${reachable}
        and not exists (select 1 from ${reminders} where ${reminders.clientId} = ${addressesPayments.clientId} and ${reminders.period} = ${period})
    ), reminded as (
      select client_id, sum(usd) as owed_usd, sum(round(usd * ${rates.dollar_rate}::numeric, 2)) as owed_bs
      from owing where months > 0 group by client_id having sum(months) >= ${options.minMonths}::int
    )
    select (select count(*)::int from reminded) as total,
      (select coalesce(sum(owed_usd), 0)::numeric(18, 2)::text from reminded) as owed_usd,
      (select coalesce(sum(owed_bs), 0)::numeric(18, 2)::text from reminded) as owed_bs,
      array(select client_id from reminded order by client_id limit ${page.perPage}::int offset ${(page.page - 1) * page.perPage}::int) as ids`)) as unknown as {
    rows: { total: number; owed_usd: string; owed_bs: string; ids: number[] }[];
  };
  const { total, owed_usd, owed_bs, ids } = result.rows[0]!;
  const entries = ids.length ? entriesOf(await owingRows(db, period, { ids }), rates.dollar_rate, options) : [];
  return { total, owed_usd, owed_bs, reminders: entries };
}

const mailFacts = (entry: ReminderEntry, appUrl: string): ReminderMailFacts => ({
  clientName: entry.client.name,
  monthsOwed: entry.months_owed,
  owedUsd: formatMoney(entry.owed_usd, '$'),
  owedBs: formatMoney(entry.owed_bs),
  surcharge: owesSurcharge(entry) ? { usd: formatMoney(entry.surcharge_usd, '$'), bs: formatMoney(entry.surcharge_bs) } : null,
  addresses: entry.addresses.map((address) => ({
    address: address.address,
    monthsOwed: address.months_owed,
    owedUsd: formatMoney(address.owed_usd, '$'),
    owedBs: formatMoney(address.owed_bs),
    surcharge: owesSurcharge(address) ? { usd: formatMoney(address.surcharge_usd, '$'), bs: formatMoney(address.surcharge_bs) } : null,
    installment: address.installment
      ? {
          name: reminderInstallmentName(address.installment),
          dueOn: formatDate(address.installment.due_date),
          owedUsd: formatMoney(address.installment.owed_usd, '$'),
          owedBs: formatMoney(address.installment.owed_bs),
        }
      : null,
  })),
  payUrl: `${appUrl.replace(/\/+$/, '')}/dashboard`,
});

/**
 * Queues the reminders of `entries` whose (client, period) row this call inserts, in a few
 * statements for the whole batch (the rows, the messages, the audit entries); answers how many.
 * A client whose row exists (another run's) gets nothing.
 */
async function remindBatch(tx: Executor, entries: ReminderEntry[], period: Month, options: ReminderOptions, causerId: number | null): Promise<number> {
  if (!entries.length) return 0;
  const claimed = await tx
    .insert(reminders)
    .values(entries.map((entry) => ({ clientId: entry.client.id, period, monthsOwed: entry.months_owed, owedUsd: entry.owed_usd, owedBs: entry.owed_bs, email: entry.email, sms: entry.sms, createdBy: causerId })))
    .onConflictDoNothing({ target: [reminders.clientId, reminders.period] })
    .returning({ clientId: reminders.clientId });
  const mine = new Set(claimed.map((row) => row.clientId));
  const messages: Parameters<typeof queueMessages>[1] = [];
  const audits: AuditEntry[] = [];
  for (const entry of entries) {
    if (!mine.has(entry.client.id)) continue;
    const facts = mailFacts(entry, options.appUrl);
    const mail = entry.email ? { to: entry.email, content: reminderMail(facts) } : null;
    if (mail) messages.push({ channel: 'email', ...mail });
    if (entry.sms) messages.push({ channel: 'sms', to: entry.sms, text: reminderSms(facts) });
    // One entry per reminder, whatever its channels, with what it said in a line: the bodies are
    // in the outbox, and two long entries a client made the log's search index most of a run's
    // time at 129 000 clients (issue 33).
    audits.push({
      module: 'clients',
      event: 'send_message',
      causerId,
      subjectType: 'clients',
      subjectId: entry.client.id,
      attributes: {
        type: [entry.email ? 'email' : null, entry.sms ? 'sms' : null].filter(Boolean).join(', '),
        title: mail?.content.subject ?? null,
        message: reminderSummary(facts),
        recipients: [entry.email, entry.sms].filter(Boolean),
        reminder: period,
      },
    });
  }
  await queueMessages(tx, messages);
  await recordAudits(tx, audits);
  return mine.size;
}

/** A batch's clients: those after `after` up to `last`, and what the ones owing are reminded of. */
interface Chunk {
  entries: ReminderEntry[];
  last: number | null;
}

async function readChunk(db: Database, period: Month, after: number, size: number, dollarRate: string, options: ReminderOptions): Promise<Chunk> {
  const [rows, [last]] = await Promise.all([
    owingRows(db, period, { after, size }),
    db.select({ id: clients.id }).from(clients).where(gt(clients.id, after)).orderBy(asc(clients.id)).offset(size - 1).limit(1),
  ]);
  return { entries: entriesOf(rows, dollarRate, options), last: last?.id ?? null };
}

/**
 * One run for the current period: `batch` clients at a time by id, each batch read, then claimed
 * and queued in one transaction, then the event loop given back, so a run over every client never
 * holds the process (or many row locks) for long and the answers it serves meanwhile stay quick.
 * The next batch is read while the current one is written, on two connections instead of one
 * after the other (the bench's run over 129 055 owing clients: 68.7 s before, 54.1 s after, the
 * payments list sampled meanwhile). `signal` stops it between batches (a shutdown); what was
 * committed stays sent, the rest waits for the next run.
 */
export async function runReminders(db: Database, options: ReminderOptions & { causerId?: number | null; signal?: AbortSignal; batch?: number }): Promise<ReminderRun> {
  const period = await currentPeriod(db);
  const rates = await exchangeRates(db);
  const size = options.batch ?? BATCH;
  const read = (after: number) => readChunk(db, period, after, size, rates.dollar_rate, options);
  let sent = 0;
  let next: Promise<Chunk> | null = read(0);
  while (next && !options.signal?.aborted) {
    const { entries, last }: Chunk = await next;
    next = last === null ? null : read(last);
    // A read still under way when the write fails is awaited by nobody: its own failure would
    // otherwise be an unhandled rejection that stops the process.
    next?.catch(() => undefined);
    if (entries.length) sent += await db.transaction((tx) => remindBatch(tx, entries, period, options, options.causerId ?? null));
    await setImmediate();
  }
  return { period, sent };
}

/** The portal's toggle: whether the client gets the reminders; audited as a change of the client. */
export async function setReminderOptOut(db: Database, clientId: number, userId: number, optOut: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ optOut: clients.remindersOptOut }).from(clients).where(eq(clients.id, clientId)).for('update');
    if (!before || before.optOut === optOut) return;
    await tx.update(clients).set({ remindersOptOut: optOut, updatedAt: new Date() }).where(eq(clients.id, clientId));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: userId, subjectType: 'clients', subjectId: clientId, old: { reminders_opt_out: before.optOut }, attributes: { reminders_opt_out: optOut } });
  });
}
