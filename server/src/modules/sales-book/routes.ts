import { exportFormatField } from '@recaudo/domain/export';
import { listQuerySchema } from '@recaudo/domain/paging';
import { salesBookBounds, salesBookQuerySchema } from '@recaudo/domain/sales-book';
import { envelope, ok, pagedOf } from '../../platform/envelope';
import { pageOf, sendExport } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { salesBookSource, salesBookTotals } from './book';
import { salesBookTally } from './tally';
import { salesBookExportColumns, salesBookFooter, salesBookRowSchema, salesBookTotalsSchema, type SalesBookLine } from './presenter';

const tags = ['sales-book'];
const access = { access: { permission: 'sales_book' as const } };

/** The Libro de Ventas (issue 49): a page of the book with its totals, and the book as a file with the totals and summary at the end. */
export default defineRoutes((app, { db }) => {
  app.get(
    '/sales-book',
    {
      config: access,
      schema: {
        tags,
        querystring: listQuerySchema.pick({ page: true, per_page: true }).extend(salesBookQuerySchema.shape),
        response: { 200: envelope(pagedOf(salesBookRowSchema).extend({ totals: salesBookTotalsSchema })) },
      },
    },
    async (request) => {
      const [page, totals] = await Promise.all([pageOf(request.query, salesBookSource(db, request.query)), salesBookTotals(db, request.query)]);
      return ok({ ...page, totals });
    },
  );
  app.get(
    '/sales-book/export',
    { config: access, schema: { tags, querystring: salesBookQuerySchema.extend({ type_format: exportFormatField(['xlsx', 'pdf', 'csv']) }) } },
    async (request, reply) => {
      const { from } = salesBookBounds(request.query);
      const half = request.query.half ? ` ${request.query.half}ª quincena` : '';
      // The footer's totals are the written rows' (tally.ts), summed as they pass.
      const tally = salesBookTally();
      return sendExport<SalesBookLine>(reply, request.query.type_format, {
        fileName: `Libro de Ventas ${from.slice(5, 7)}-${from.slice(0, 4)}${half}`,
        columns: salesBookExportColumns,
        source: tally.counting(salesBookSource(db, request.query)),
        footer: () => Promise.resolve(salesBookFooter(tally.totals())),
      });
    },
  );
});
