import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPORT_KINDS, IMPORT_MODES, IMPORT_STATUSES, importMessages, type ImportKind, type ImportMode, type ImportView } from '@recaudo/domain/imports';
import { listQuerySchema } from '@recaudo/domain/paging';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { contentDisposition } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { acceptUploads, uploadedFileName } from '../../platform/uploads';
import { errorsFile, templateFile } from './files';
import { cancelImport, createImport, findImport, listImports, type NewImport } from './service';
import { megabytes } from './read-file';
import { importSettings, runPendingImports } from './worker';

/**
 * Imports of clients and payment addresses (issue 48): the template, a dry run or a commit of a
 * file (answered at once, worked in the background), its status, its errors file, its
 * cancellation and the history. Everything needs `import_clients`.
 */
const tags = ['imports'];
const access = { access: { permission: 'import_clients' as const } };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const counts = z.object({
  clients_created: z.number(),
  clients_updated: z.number(),
  clients_unchanged: z.number(),
  addresses_created: z.number(),
  addresses_updated: z.number(),
  addresses_unchanged: z.number(),
  rows_in_error: z.number(),
});
const importViewSchema = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  mode: z.enum(IMPORT_MODES),
  status: z.enum(IMPORT_STATUSES),
  only_valid: z.boolean(),
  file_name: z.string(),
  file_hash: z.string(),
  rows_total: z.number(),
  rows_done: z.number(),
  counts,
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
  changes: z.array(z.object({ row: z.number(), column: z.string(), from: z.string(), to: z.string() })),
  failure: z.string().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  seconds_left: z.number().nullable(),
}) satisfies z.ZodType<ImportView>;

const idParams = z.object({ id: recordId() });
const templateQuery = z.object({
  kind: z.enum(IMPORT_KINDS, { error: importMessages.kindInvalid }),
  type_format: z.enum(['xlsx', 'csv'], { error: importMessages.formatInvalid }).optional().default('xlsx'),
});

const fieldFailure = (field: string, message: string) => new AppError('validation', message, { [field]: [message] });

/** The multipart form (read by acceptUploads, which refuses a file past the limit with a 413 naming it): `file`, `kind`, `mode`, `only_valid`. */
function readForm(request: FastifyRequest): NewImport {
  const fields = (request.body ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  if (!(IMPORT_KINDS as readonly string[]).includes(text('kind'))) throw fieldFailure('kind', importMessages.kindInvalid);
  if (!(IMPORT_MODES as readonly string[]).includes(text('mode'))) throw fieldFailure('mode', importMessages.modeInvalid);
  const file = fields.file;
  if (!Buffer.isBuffer(file)) throw fieldFailure('file', importMessages.fileRequired);
  return {
    kind: text('kind') as ImportKind,
    mode: text('mode') as ImportMode,
    onlyValid: ['true', '1', 'on'].includes(text('only_valid').toLowerCase()),
    fileName: uploadedFileName(request, 'file') || 'importacion',
    data: file,
  };
}

export default defineRoutes(async (app, { db, config, storage }) => {
  const settings = importSettings(config);
  await acceptUploads(app, { fileBytes: settings.maxBytes, files: 1, fields: 10, tooLargeMessage: importMessages.tooLarge(megabytes(settings.maxBytes)) });
  // The work starts at once in this process; the worker's loop (main.ts) takes what a stopped process left.
  const poke = () => {
    void runPendingImports(db, storage, settings).catch((error: unknown) => app.log.error({ err: error }, 'import failed'));
  };

  app.get('/imports/template', { config: access, schema: { tags, querystring: templateQuery } }, async (request, reply) => {
    const format = request.query.type_format;
    const data = await templateFile(format);
    return reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', contentDisposition(`Plantilla de importación de clientes.${format}`))
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.post('/imports', { config: access, schema: { tags, response: { 200: envelope(importViewSchema) } } }, async (request) => {
    const auth = requireAuth(request);
    const id = await createImport(db, storage, auth, readForm(request), settings);
    poke();
    return ok(await findImport(db, id), importMessages.queued);
  });

  app.get(
    '/imports',
    { config: access, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(importViewSchema)) } } },
    async (request) => {
      const { page, per_page } = request.query;
      const { data, total } = await listImports(db, page, per_page);
      return ok({ data, current_page: page, per_page, total, last_page: Math.max(1, Math.ceil(total / per_page)) });
    },
  );

  app.get('/imports/:id', { config: access, schema: { tags, params: idParams, response: { 200: envelope(importViewSchema) } } }, async (request) =>
    ok(await findImport(db, request.params.id)),
  );

  app.post('/imports/:id/cancel', { config: access, schema: { tags, params: idParams, response: { 200: emptyEnvelope } } }, async (request) => {
    await cancelImport(db, request.params.id);
    return done(importMessages.cancelled);
  });

  app.get('/imports/:id/errors', { config: access, schema: { tags, params: idParams } }, async (request, reply) => {
    const file = await errorsFile(db, storage, request.params.id, settings);
    return reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(file.name)).header('cache-control', 'no-store').send(file.data);
  });
});
