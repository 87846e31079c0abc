import { defineRoutes } from '../../platform/module';

/**
 * GET /api/health for a load balancer or a process manager: 200 while the database answers
 * and its schema is this code's; 503 otherwise. The queues' ages are shown for monitoring.
 */
export default defineRoutes((app, { db, health }) => {
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['health'] } }, async (_request, reply) => {
    const report = await health.check(db);
    reply.header('cache-control', 'no-store');
    if (report.healthy) return { success: true, message: 'Servicio disponible', data: report };
    return reply.code(503).send({ success: false, message: 'Servicio no disponible', data: report });
  });
});
