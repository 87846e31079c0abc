import { z } from 'zod';
import {
  activityGroupFieldsSchema,
  activityGroupMessages,
  economicActivityFieldsSchema,
  economicActivityMessages,
  updateActivityGroupSchema,
  updateEconomicActivitySchema,
} from '@recaudo/domain/economic-activities';
import { listQuerySchema } from '@recaudo/domain/paging';
import { recordId } from '@recaudo/domain/validation';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf } from '../../platform/export';
import { defineRoutes } from '../../platform/module';
import {
  activityGroupExportColumns,
  activityGroupRowSchema,
  activityGroupSelectSchema,
  economicActivityExportColumns,
  economicActivityRowSchema,
  economicActivitySelectSchema,
} from './presenter';
import {
  activityGroupSource,
  createActivityGroup,
  createEconomicActivity,
  deleteActivityGroup,
  deleteEconomicActivity,
  economicActivitySource,
  selectableActivityGroups,
  selectableEconomicActivities,
  updateActivityGroup,
  updateEconomicActivity,
} from './service';

const searchQuery = z.object({ search: z.string().trim().max(200).optional().default('') });
const idBody = z.object({ id: recordId() });

export default defineRoutes((app, { db }) => {
  const groupTags = ['activity-groups'];
  app.get(
    '/activity-groups',
    { config: { access: { permission: 'activity_groups' } }, schema: { tags: groupTags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(activityGroupRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, activityGroupSource(db, request.query))),
  );
  app.get(
    '/activity-groups/selects',
    { config: { access: { permission: ['activity_groups', 'economic_activities'] } }, schema: { tags: groupTags, querystring: searchQuery, response: { 200: envelope(z.array(activityGroupSelectSchema)) } } },
    async (request) => ok(await selectableActivityGroups(db, request.query.search)),
  );
  app.post(
    '/activity-groups/store',
    { config: { access: { permission: 'add_activity_group' } }, schema: { tags: groupTags, body: activityGroupFieldsSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createActivityGroup(db, requireAuth(request), request.body) }, activityGroupMessages.created),
  );
  app.put(
    '/activity-groups/update',
    { config: { access: { permission: 'edit_activity_group' } }, schema: { tags: groupTags, body: updateActivityGroupSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateActivityGroup(db, requireAuth(request), request.body);
      return done(activityGroupMessages.updated);
    },
  );
  app.delete(
    '/activity-groups/delete',
    { config: { access: { permission: 'delete_activity_group' } }, schema: { tags: groupTags, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteActivityGroup(db, requireAuth(request), request.body.id);
      return done(activityGroupMessages.deleted);
    },
  );
  exportRoute(app, '/activity-groups/export', {
    access: { permission: 'export_activity_groups' },
    formats: ['csv', 'xlsx', 'pdf'],
    fileName: 'Grupos de Actividades',
    tags: groupTags,
    columns: activityGroupExportColumns,
    source: (query) => activityGroupSource(db, query),
  });

  const tags = ['economic-activities'];
  app.get(
    '/economic-activities',
    { config: { access: { permission: 'economic_activities' } }, schema: { tags, querystring: listQuerySchema, response: { 200: envelope(pagedOf(economicActivityRowSchema)) } } },
    async (request) => ok(await pageOf(request.query, economicActivitySource(db, request.query))),
  );
  app.get(
    '/economic-activities/selects',
    { config: { access: { permission: ['economic_activities', 'clients', 'tickets_payments'], clients: true } }, schema: { tags, querystring: searchQuery, response: { 200: envelope(z.array(economicActivitySelectSchema)) } } },
    async (request) => ok(await selectableEconomicActivities(db, request.query.search)),
  );
  app.post(
    '/economic-activities/store',
    { config: { access: { permission: 'add_economic_activity' } }, schema: { tags, body: economicActivityFieldsSchema, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createEconomicActivity(db, requireAuth(request), request.body) }, economicActivityMessages.created),
  );
  app.put(
    '/economic-activities/update',
    { config: { access: { permission: 'edit_economic_activity' } }, schema: { tags, body: updateEconomicActivitySchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await updateEconomicActivity(db, requireAuth(request), request.body);
      return done(economicActivityMessages.updated);
    },
  );
  app.delete(
    '/economic-activities/delete',
    { config: { access: { permission: 'delete_economic_activity' } }, schema: { tags, body: idBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteEconomicActivity(db, requireAuth(request), request.body.id);
      return done(economicActivityMessages.deleted);
    },
  );
  exportRoute(app, '/economic-activities/export', {
    access: { permission: 'export_economic_activities' },
    formats: ['xlsx'],
    fileName: 'Actividades Económicas',
    tags,
    columns: economicActivityExportColumns,
    source: (query) => economicActivitySource(db, query),
  });
});
