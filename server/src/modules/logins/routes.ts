import { z } from 'zod';
import { listQuerySchema } from '@recaudo/domain/paging';
import { formatDateTime, formatDuration } from '@recaudo/domain/format';
import { browserLabel } from '@recaudo/domain/user-agents';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, type ExportColumn } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { findLogins, loginSource, type LoginSessionRow } from './service';

const loginSessionSchema = z.object({
  id: z.number(),
  token_id: z.number(),
  user_id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
  active: z.boolean(),
  total_time_session: z.number(),
}) satisfies z.ZodType<LoginSessionRow>;

const exportColumns: ExportColumn<LoginSessionRow>[] = [
  { header: 'Usuario', value: (row) => row.user.name, width: 22 },
  { header: 'Correo', value: (row) => row.user.email, width: 26 },
  { header: 'IP', value: (row) => row.ip ?? '', width: 14 },
  { header: 'Navegador', value: (row) => (row.user_agent ? browserLabel(row.user_agent) : ''), width: 30 },
  { header: 'Inicio', value: (row) => formatDateTime(row.start), width: 18 },
  { header: 'Fin', value: (row) => formatDateTime(row.end), width: 18 },
  { header: 'Duración', value: (row) => formatDuration(row.total_time_session), width: 12 },
  { header: 'Estatus', value: (row) => (row.active ? 'Activa' : 'Cerrada'), width: 10 },
];

export default defineRoutes((app, { db }) => {
  exportRoute(app, '/logs/logins/export', {
    access: { permission: 'logins' },
    formats: ['csv', 'xlsx', 'pdf'],
    fileName: 'Inicios de sesión',
    tags: ['logins'],
    columns: exportColumns,
    source: (query) => loginSource(db, query),
  });

  app.get(
    '/logs/logins',
    {
      config: { access: { permission: 'logins' } },
      schema: { tags: ['logins'], querystring: listQuerySchema, response: { 200: envelope(pagedOf(loginSessionSchema)) } },
    },
    async (request) => ok(await findLogins(db, request.query)),
  );
});
