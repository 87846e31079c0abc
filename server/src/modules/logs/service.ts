import { and, desc, eq, getTableColumns, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { publicAttributes, type LogEntry } from '@recaudo/domain/logs';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Executor } from '../../db/client';
import { listTotal } from '../../platform/count';
import { iso } from '../../platform/envelope';
import { walkByIds, type RowSource } from '../../platform/export';
import { caracasDayRange, idList, sortOrder, textList } from '../../platform/paging';
import { users } from '../users/tables';
import { logSearch, SUBJECTS } from './subjects';
import { auditLogs } from './tables';

/** The subject's current row in API (column) names, keyed by id. */
async function currentSubjects(db: Executor, type: string, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const subject = SUBJECTS[type];
  if (!subject || ids.length === 0) return new Map();
  const columns = Object.fromEntries(
    Object.values(getTableColumns(subject.table))
      .filter((column) => !subject.hidden?.includes(column.name))
      .map((column) => [column.name, column]),
  );
  const rows = (await db.select(columns).from(subject.table).where(inArray(subject.id, ids))) as Record<string, unknown>[];
  return new Map(rows.map((row) => [Number(row.id), Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]))]));
}

/**
 * Audit entries, newest first. Search: module, event, old or new values, causer name or the
 * subject's name (logSearch). Filters: module
 * (`log_name`), `event_type`, `user` (causers), `dates` (Caracas days), `subject_type` with
 * `subject_id` (one record's history) and `client` (entries about a client or by its users).
 */
export function logSource(db: Executor, query: ListQuery): RowSource<LogEntry> {
  const { filters } = query;
  const modules = textList(filters.module ?? filters.log_name);
  const events = textList(filters.event_type ?? filters.description);
  const causers = idList(filters.user);
  const subjectTypes = textList(filters.subject_type);
  const subjectIds = idList(filters.subject_id);
  const clientIds = idList(filters.client);
  const range = caracasDayRange(filters.dates);
  const clientClause: SQL | undefined = clientIds.length
    ? or(
        and(eq(auditLogs.subjectType, 'clients'), inArray(auditLogs.subjectId, clientIds)),
        inArray(auditLogs.causerId, db.select({ id: users.id }).from(users).where(inArray(users.clientId, clientIds))),
      )
    : undefined;
  // The search reads its matching causers and records first (logSearch): once per request.
  let conditions: Promise<SQL | undefined> | undefined;
  const where = async () =>
    and(
      query.search ? await logSearch(db, query.search) : undefined,
      modules.length ? inArray(auditLogs.logName, modules) : undefined,
      events.length ? inArray(auditLogs.description, events) : undefined,
      causers.length ? inArray(auditLogs.causerId, causers) : undefined,
      subjectTypes.length ? inArray(auditLogs.subjectType, subjectTypes) : undefined,
      subjectIds.length ? inArray(auditLogs.subjectId, subjectIds) : undefined,
      range ? and(gte(auditLogs.createdAt, range[0]), lt(auditLogs.createdAt, range[1])) : undefined,
      clientClause,
    );
  const order = sortOrder(
    query.sorter,
    { created_at: auditLogs.createdAt, log_name: auditLogs.logName, description: auditLogs.description },
    desc(auditLogs.createdAt),
    auditLogs.id,
  );
  /** The entries of `condition` in list order, `limit` from `offset` (all of them when limit is null). */
  const read = async (condition: SQL | undefined, limit: number | null, offset: number): Promise<LogEntry[]> => {
    const base = db
      .select({
        id: auditLogs.id,
        log_name: auditLogs.logName,
        description: auditLogs.description,
        causer_id: auditLogs.causerId,
        causer_name: users.name,
        causer_client_id: users.clientId,
        subject_type: auditLogs.subjectType,
        subject_id: auditLogs.subjectId,
        properties: auditLogs.properties,
        error_message: auditLogs.errorMessage,
        created_at: auditLogs.createdAt,
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.causerId))
      .where(condition)
      .orderBy(...order)
      .offset(offset);
    const rows = limit === null ? await base : await base.limit(limit);
    const wanted = new Map<string, number[]>();
    for (const row of rows) if (row.subject_type && row.subject_id) wanted.set(row.subject_type, [...(wanted.get(row.subject_type) ?? []), row.subject_id]);
    const found = new Map<string, Map<number, Record<string, unknown>>>();
    for (const [type, ids] of wanted) found.set(type, await currentSubjects(db, type, [...new Set(ids)]));
    return rows.map((row) => ({
      id: row.id,
      log_name: row.log_name,
      description: row.description,
      causer:
        row.causer_id !== null && row.causer_name !== null
          ? { id: row.causer_id, name: row.causer_name, type: row.causer_client_id === null ? ('admin' as const) : ('client' as const) }
          : null,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      // The system's own fields and secrets never leave the server (publicAttributes).
      subject: publicAttributes((row.subject_type && row.subject_id ? found.get(row.subject_type)?.get(row.subject_id) : undefined) ?? null),
      properties: { old: publicAttributes(row.properties.old ?? undefined), attributes: publicAttributes(row.properties.attributes ?? undefined) },
      error_message: row.error_message,
      created_at: iso(row.created_at),
    }));
  };
  return {
    rows: async (limit, offset) => read(await (conditions ??= where()), limit, offset),
    walk: walkByIds(
      db,
      async () =>
        db
          .select({ id: auditLogs.id })
          .from(auditLogs)
          .where(await (conditions ??= where()))
          .orderBy(...order)
          .getSQL(),
      (ids) => read(inArray(auditLogs.id, ids), null, 0),
    ),
    // Exact up to COUNT_CAP entries, the planner's estimate beyond: the log grows without end.
    count: async () => listTotal(db, auditLogs, await (conditions ??= where())),
  };
}
