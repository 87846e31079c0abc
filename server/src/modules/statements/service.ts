import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { maskedIdentification } from '@recaudo/domain/clients';
import type { RateSource } from '@recaudo/domain/exchange-rates';
import { formatDate } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { statementMessages, verifyStatementPath, type Statement, type StatementVerification } from '@recaudo/domain/statement';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { iso } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { publicLookup } from '../auth/public-lookup';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { reserveRecipients } from '../messages/quota';
import { queueEmail } from '../messages/service';
import { statementMail } from '../messages/templates';
import { renderStatementPdf } from './pdf';
import { statementOf, type StatementScope } from './queries';
import { accountStatements } from './tables';

/**
 * Issuing a statement of account as a document (issue 33): every PDF is recorded with what it
 * said was owed under a random hash, which its QR code names on the public check; "Enviar por
 * correo" issues one and queues it through the outbox, logged in the same transaction.
 */

const HASH_PATTERN = /^[0-9a-f]{64}$/i;

const verifyUrl = (appUrl: string, hash: string) => `${appUrl.replace(/\/+$/, '')}${verifyStatementPath(hash)}`;

export interface IssuedStatement {
  statement: Statement;
  pdf: Buffer;
  id: number;
  hash: string;
  issuedAt: string;
  verifyUrl: string;
}

/** The statement of `scope`, recorded and rendered as "Estado de cuenta.pdf". */
export async function issueStatement(db: Executor, auth: AuthContext, scope: StatementScope, appUrl: string): Promise<IssuedStatement> {
  const statement = await statementOf(db, auth, scope);
  const hash = randomBytes(32).toString('hex');
  const [row] = await db
    .insert(accountStatements)
    .values({
      clientId: statement.client.id,
      addressPaymentId: 'addressId' in scope ? scope.addressId : null,
      monthsOwed: statement.months_owed,
      owedUsd: statement.owed_usd,
      owedBs: statement.owed_bs,
      dollarRate: statement.dollar_rate,
      dollarRateValueDate: statement.dollar_rate_value_date,
      dollarRateSource: statement.dollar_rate_source,
      hash,
      createdBy: auth.user.id,
    })
    .returning({ id: accountStatements.id, createdAt: accountStatements.createdAt });
  const issuedAt = iso(row!.createdAt);
  const url = verifyUrl(appUrl, hash);
  const pdf = await renderStatementPdf(statement, { verifyUrl: url, issuedAt });
  return { statement, pdf, id: row!.id, hash, issuedAt, verifyUrl: url };
}

/** "Enviar por correo": to the client's e-mail, counted against the sender's hourly limit of recipients. */
export async function sendStatementMail(db: Database, auth: AuthContext, scope: StatementScope, appUrl: string, perHour: number): Promise<{ to: string }> {
  return db.transaction(async (tx) => {
    const issued = await issueStatement(tx, auth, scope, appUrl);
    const { statement } = issued;
    const to = statement.client.email?.trim();
    if (!to) throw new AppError('validation', statementMessages.noEmail, { id: [statementMessages.noEmail] });
    const mail = statementMail({
      clientName: statement.client.name,
      issuedOn: formatDate(issued.issuedAt),
      monthsOwed: statement.months_owed,
      owedUsd: formatMoney(statement.owed_usd, '$'),
      owedBs: formatMoney(statement.owed_bs),
      verifyUrl: issued.verifyUrl,
      portalUrl: `${appUrl.replace(/\/+$/, '')}/dashboard`,
    });
    await reserveRecipients(tx, auth.user.id, 1, perHour);
    await queueEmail(tx, to, mail, [{ filename: statementMessages.fileName, contentType: 'application/pdf', content: issued.pdf }]);
    await recordAudit(tx, {
      module: 'clients',
      event: 'send_message',
      causerId: auth.user.id,
      subjectType: 'clients',
      subjectId: statement.client.id,
      attributes: { type: 'email', title: mail.subject, message: mail.text, recipients: [to] },
    });
    return { to };
  });
}

/** The public check of an issued statement (its QR code): who, when and what it said; null when no statement has the hash. */
export async function statementVerification(db: Executor, hash: string): Promise<StatementVerification | null> {
  if (!HASH_PATTERN.test(hash)) return null;
  const [row] = await db
    .select({
      name: clients.name,
      identificationType: clients.identificationType,
      identification: clients.identification,
      monthsOwed: accountStatements.monthsOwed,
      owedUsd: accountStatements.owedUsd,
      owedBs: accountStatements.owedBs,
      dollarRate: accountStatements.dollarRate,
      dollarRateValueDate: accountStatements.dollarRateValueDate,
      dollarRateSource: accountStatements.dollarRateSource,
      createdAt: accountStatements.createdAt,
    })
    .from(accountStatements)
    .innerJoin(clients, eq(clients.id, accountStatements.clientId))
    .where(eq(accountStatements.hash, hash.toLowerCase()));
  if (!row) return null;
  return {
    // Issue 46: the identification masked and no street address; the QR code is public.
    client: { name: row.name, identification_type: row.identificationType, identification: maskedIdentification(row.identification) },
    months_owed: row.monthsOwed,
    owed_usd: row.owedUsd,
    owed_bs: row.owedBs,
    dollar_rate: row.dollarRate,
    dollar_rate_value_date: row.dollarRateValueDate,
    dollar_rate_source: row.dollarRateSource as RateSource | null,
    created_at: iso(row.createdAt),
  };
}

/** What the public check (call and page) shows of the statement with this hash; 404 when none has it. */
export const findStatementVerification = (db: Database, config: Config, hash: string, ip: string) =>
  publicLookup(db, config, { missAction: 'verify-statement-miss', ip, notFoundMessage: statementMessages.notFound }, () => statementVerification(db, hash));
