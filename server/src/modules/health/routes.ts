import { defineRoutes } from '../../platform/module';
import { simulatedServices, testModeNotice } from '../../simulated-services';

/**
 * GET /api/health for a load balancer or a process manager: 200 while the database answers
 * and its schema is this code's; 503 otherwise. The queues' ages and the test mode (simulated
 * services) are shown for monitoring.
 */
export default defineRoutes((app, { db, config, health }) => {
  const simulated = simulatedServices(config);
  // Monitoring sees a process on simulators, which issues documents without legal validity.
  const testMode = { active: simulated.length > 0, simulated: simulated.map((service) => service.name), notice: testModeNotice(simulated) };
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['health'] } }, async (_request, reply) => {
    const report = { ...(await health.check(db)), test_mode: testMode };
    reply.header('cache-control', 'no-store');
    if (report.healthy) return { success: true, message: 'Servicio disponible', data: report };
    return reply.code(503).send({ success: false, message: 'Servicio no disponible', data: report });
  });
});
