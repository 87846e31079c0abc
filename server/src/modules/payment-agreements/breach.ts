import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { installmentName } from '@recaudo/domain/payment-agreements';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { executeSql } from '../../platform/render';
import { queueEmail } from '../messages/service';
import { agreementBreachMail } from '../messages/templates';

interface BrokenAgreement {
  id: number;
  client_name: string;
  email: string | null;
  address: string;
  number: number;
  due_date: string;
  amount_usd: string;
  paid_usd: string;
}

/**
 * The daily check of agreements (issue 50): a current agreement with an installment still unpaid
 * more than `graceDays` days after its due date (by Caracas' day on the database's clock) is
 * broken — once, in one statement, so two server processes never break it twice. Each breach is
 * one audited event and one e-mail to the client through the outbox; what was paid stays paid.
 * Answers the agreements it broke.
 */
export async function breakOverdueAgreements(db: Database, graceDays: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const broken = await executeSql<BrokenAgreement>(
      tx,
      sql`with overdue as (
          select distinct on (i.payment_agreement_id) i.payment_agreement_id, i.number, i.due_date, i.amount_usd, i.paid_usd
          from installments i join payment_agreements a on a.id = i.payment_agreement_id
          where a.status = 'current' and i.paid_usd < i.amount_usd
            and i.due_date + ${graceDays}::int < (now() at time zone 'America/Caracas')::date
          order by i.payment_agreement_id, i.number
        ), updated as (
          update payment_agreements a set status = 'broken', ended_at = now() from overdue o
          where a.id = o.payment_agreement_id and a.status = 'current' returning a.id, a.client_id, a.address_payment_id
        )
        select u.id, c.name as client_name, c.email, ap.address, o.number, to_char(o.due_date, 'YYYY-MM-DD') as due_date,
          o.amount_usd::text as amount_usd, o.paid_usd::text as paid_usd
        from updated u join overdue o on o.payment_agreement_id = u.id
        join clients c on c.id = u.client_id join addresses_payments ap on ap.id = u.address_payment_id
        order by u.id`,
    );
    for (const agreement of broken) {
      const owedUsd = formatMoney(new Decimal(agreement.amount_usd).minus(agreement.paid_usd), '$');
      const installment = installmentName(agreement.number);
      await recordAudit(tx, {
        module: 'payment_agreements',
        event: 'updated',
        causerId: null,
        subjectId: Number(agreement.id),
        old: { status: 'current' },
        attributes: { status: 'broken', overdue_installment: agreement.number, due_date: agreement.due_date },
      });
      const to = agreement.email?.trim();
      if (to) {
        await queueEmail(
          tx,
          to,
          agreementBreachMail({
            clientName: agreement.client_name,
            address: agreement.address,
            installment: installment.toLowerCase(),
            dueOn: formatDate(agreement.due_date),
            owedUsd,
          }),
        );
      }
    }
    return broken.map((agreement) => Number(agreement.id));
  });
}
