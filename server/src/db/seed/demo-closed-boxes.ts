import { asc, sql } from 'drizzle-orm';
import { closedBoxes } from '../../modules/closed-boxes/tables';
import { exchangeRates } from '../../modules/configurations/service';
import { correlatives } from '../../modules/correlatives/tables';
import type { Executor } from '../client';

/**
 * Demo closings: one per day of the last month on which the demo cashier registered payments
 * (Procesando or Aprobado), holding that day's payments; every other closing has its first
 * payment group verified. Today's payments stay unclosed for the 'Pagos' modal.
 */
export async function seedDemoClosedBoxes(db: Executor, options: { cashierId: number }): Promise<void> {
  const { cashierId } = options;
  const unclosed = sql`created_by = ${cashierId} and closed_box_id is null and status in (0, 1)`;
  const days = (await db.execute(sql`
    select date_payment::text as day from payments
    where ${unclosed} and date_payment >= (now() at time zone 'America/Caracas')::date - 30 and date_payment < (now() at time zone 'America/Caracas')::date
    group by date_payment order by date_payment`)) as unknown as { rows: { day: string }[] };
  const [serie] = await db.select({ id: correlatives.id }).from(correlatives).orderBy(asc(correlatives.id)).limit(1);
  const rate = (await exchangeRates(db)).dollar_rate;
  for (const [index, { day }] of days.rows.entries()) {
    const [closing] = await db
      .insert(closedBoxes)
      .values({
        date: day,
        userId: cashierId,
        type: 0,
        serieId: serie?.id ?? null,
        checkbookNumber: String(1001 + index),
        exchangeRate: rate,
        createdBy: cashierId,
      })
      .returning({ id: closedBoxes.id });
    await db.execute(sql`update payments set closed_box_id = ${closing!.id} where ${unclosed} and date_payment = ${day}`);
    if (index % 2 === 0) {
      await db.execute(sql`
        update closed_boxes set verify_payments = coalesce((
          select jsonb_build_array(jsonb_build_object('payment_method_id', payment_method_id, 'terminal', terminal, 'lot_number', lot_number))
          from payments where closed_box_id = ${closing!.id} order by payment_method_id, terminal, lot_number limit 1), '[]'::jsonb)
        where id = ${closing!.id}`);
    }
  }
}
