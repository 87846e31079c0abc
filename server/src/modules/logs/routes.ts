import { listQuerySchema } from '@recaudo/domain/paging';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { logExportColumns, logRowSchema } from './presenter';
import { logSource } from './service';

const tags = ['logs'];

export default defineRoutes((app, { db }) => {
  app.get(
    '/logs',
    { config: { access: { permission: 'logs' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(logRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, logSource(db, request.query))),
  );
  exportRoute(app, '/logs/export', {
    access: { permission: 'logs' },
    formats: ['csv', 'xlsx', 'pdf'],
    fileName: 'Bitácoras',
    tags,
    columns: logExportColumns,
    source: (query) => logSource(db, query),
  });
});
