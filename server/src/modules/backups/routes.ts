import os from 'node:os';
import { z } from 'zod';
import { backupMessages } from '@recaudo/domain/backups';
import { requireAuth } from '../../platform/access';
import { recordAudit } from '../../platform/audit';
import { done, emptyEnvelope, envelope, ok } from '../../platform/envelope';
import { contentDisposition } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import { engineOf } from '../../db/version';
import { createBackup, deleteBackup, listBackups, openBackup, type BackupPlace } from './service';

const tags = ['backups'];
const access = { access: { permission: 'backups' as const } };
const backupRowSchema = z.object({ name: z.string(), size: z.number() });
/** The path is only compared with the listed names; its length is bounded before that. */
const pathSchema = z.string().max(200);

export default defineRoutes((app, { db, stores }) => {
  // TMPDIR read once: Node ignores the environment while the process runs under another effective user.
  const place: BackupPlace = { db, engine: engineOf(db), uploads: stores.uploads, backups: stores.backups, tempDir: os.tmpdir() };

  app.get('/backups', { config: access, schema: { tags, response: { 200: envelope(z.array(backupRowSchema)) } } }, async () => ok(await listBackups(place)));
  app.post('/backups', { config: access, schema: { tags, response: { 200: envelope(backupRowSchema) } } }, async (request) =>
    ok(await createBackup(place, requireAuth(request).user.id), backupMessages.created),
  );
  app.delete('/backups', { config: access, bodyLimit: 1024, schema: { tags, body: z.object({ path: pathSchema }), response: { 200: emptyEnvelope } } }, async (request) => {
    await deleteBackup(place, requireAuth(request).user.id, request.body.path);
    return done(backupMessages.deleted);
  });
  app.get('/backups/download', { config: access, schema: { tags, querystring: z.object({ path: pathSchema }) } }, async (request, reply) => {
    const { row, stream } = await openBackup(place, request.query.path);
    await recordAudit(db, { module: 'backups', event: 'downloaded', causerId: requireAuth(request).user.id, attributes: { ...row } });
    return reply.header('content-type', 'application/gzip').header('content-length', row.size).header('content-disposition', contentDisposition(row.name)).send(stream);
  });
});
