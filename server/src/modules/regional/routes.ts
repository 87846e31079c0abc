import { z } from 'zod';
import type { Permission } from '@recaudo/domain/permissions';
import {
  changeActiveSchema,
  communityFieldsSchema,
  dataRegionalQuerySchema,
  municipalityFieldsSchema,
  parishFieldsSchema,
  regionalLabels,
  regionalListQuerySchema,
  regionalMessages,
  stateFieldsSchema,
  updateCommunitySchema,
  updateMunicipalitySchema,
  updateParishSchema,
  updateStateSchema,
  type RegionalListQuery,
  type RegionalUnit,
} from '@recaudo/domain/regional';
import { recordId } from '@recaudo/domain/validation';
import type { Database, Executor } from '../../db/client';
import { requireAuth } from '../../platform/access';
import { done, emptyEnvelope, envelope, ok, pagedOf } from '../../platform/envelope';
import { exportRoute, pageOf, type ExportColumn, type RowSource } from '../../platform/export';
import { defineRoutes, type ZodApp } from '../../platform/module';
import { idList } from '../../platform/paging';
import {
  communityExportColumns,
  communityRowSchema,
  dataRegionalSchema,
  municipalityExportColumns,
  municipalityRowSchema,
  parishExportColumns,
  parishRowSchema,
  selectRowSchema,
  stateExportColumns,
  stateRowSchema,
} from './presenter';
import { activeUnits, communitySource, municipalitySource, parishSource, stateSource, type UnitParents } from './queries';
import { changeUnitStatus, createUnit, deleteUnit, updateUnit } from './service';

const tags = ['regional'];

/** `id=5` or `id[]=5&id[]=7`: the units a filter has already chosen. */
const chosenIds = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.union([z.coerce.number().int().positive(), z.array(z.coerce.number().int().positive()).max(50)]).optional(),
);

interface UnitRoutes<T> {
  unit: RegionalUnit;
  permissions: { read: Permission; add: Permission; edit: Permission; remove: Permission; export: Permission };
  row: z.ZodType;
  create: z.ZodObject;
  update: z.ZodObject;
  source: (db: Executor, query: RegionalListQuery) => RowSource<T>;
  columns: ExportColumn<T>[];
}

const queryParents = (query: Record<string, unknown>, filters: Record<string, unknown>): UnitParents => ({
  state_id: [...idList(filters.state_id), ...idList(query.state_id)],
  municipality_id: [...idList(filters.municipality_id), ...idList(query.municipality_id)],
  parish_id: [...idList(filters.parish_id), ...idList(query.parish_id)],
});

/** The same seven routes for each regional unit: list, selects, store, update, change-status, delete, export. */
function unitRoutes<T>(app: ZodApp, db: Database, spec: UnitRoutes<T>) {
  const base = `/${spec.unit}`;
  const text = regionalMessages(spec.unit);
  const unitTags = [...tags, spec.unit];
  app.get(
    base,
    { config: { access: { permission: spec.permissions.read } }, schema: { tags: unitTags, querystring: regionalListQuerySchema, response: { 200: envelope(pagedOf(spec.row)) } } },
    async (request) => ok(await pageOf(request.query, spec.source(db, request.query))),
  );
  app.get(
    `${base}/selects`,
    {
      // The cascading selects of the regional panels and of the address form (client users add their own addresses).
      config: { access: { permission: ['states', 'municipalities', 'parishes', 'communities', 'clients'], clients: true } },
      schema: {
        tags: unitTags,
        // `id`: the units of chosen filter values, named whatever their status (see activeUnits).
        querystring: dataRegionalQuerySchema.extend({ search: z.string().trim().max(200).optional().default(''), id: chosenIds }),
        response: { 200: envelope(z.array(selectRowSchema)) },
      },
    },
    async (request) => ok(await activeUnits(db, spec.unit, request.query.search, queryParents(request.query, request.query.filters), idList(request.query.id))),
  );
  app.post(
    `${base}/store`,
    { config: { access: { permission: spec.permissions.add } }, schema: { tags: unitTags, body: spec.create, response: { 200: envelope(z.object({ id: z.number() })) } } },
    async (request) => ok({ id: await createUnit(db, requireAuth(request), { unit: spec.unit, input: request.body } as never) }, text.created),
  );
  app.put(
    `${base}/update`,
    { config: { access: { permission: spec.permissions.edit } }, schema: { tags: unitTags, body: spec.update, response: { 200: emptyEnvelope } } },
    async (request) => {
      const { id, ...input } = request.body as { id: number };
      await updateUnit(db, requireAuth(request), id, { unit: spec.unit, input } as never);
      return done(text.updated);
    },
  );
  app.put(
    `${base}/change-status`,
    { config: { access: { permission: spec.permissions.edit } }, schema: { tags: unitTags, body: changeActiveSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      await changeUnitStatus(db, requireAuth(request), spec.unit, request.body);
      return done(text.statusChanged);
    },
  );
  app.delete(
    `${base}/delete`,
    { config: { access: { permission: spec.permissions.remove } }, schema: { tags: unitTags, body: z.object({ id: recordId() }), response: { 200: emptyEnvelope } } },
    async (request) => {
      await deleteUnit(db, requireAuth(request), spec.unit, request.body.id);
      return done(text.deleted);
    },
  );
  exportRoute(app, `${base}/export`, {
    access: { permission: spec.permissions.export },
    formats: ['csv', 'xlsx'],
    fileName: regionalLabels[spec.unit].title,
    tags: unitTags,
    query: regionalListQuerySchema,
    columns: spec.columns,
    source: (query) => spec.source(db, query),
  });
}

export default defineRoutes((app, { db }) => {
  unitRoutes(app, db, {
    unit: 'states',
    permissions: { read: 'states', add: 'add_state', edit: 'edit_state', remove: 'delete_state', export: 'export_states' },
    row: stateRowSchema,
    create: stateFieldsSchema,
    update: updateStateSchema,
    source: stateSource,
    columns: stateExportColumns,
  });
  unitRoutes(app, db, {
    unit: 'municipalities',
    permissions: { read: 'municipalities', add: 'add_municipality', edit: 'edit_municipality', remove: 'delete_municipality', export: 'export_municipalities' },
    row: municipalityRowSchema,
    create: municipalityFieldsSchema,
    update: updateMunicipalitySchema,
    source: municipalitySource,
    columns: municipalityExportColumns,
  });
  unitRoutes(app, db, {
    unit: 'parishes',
    permissions: { read: 'parishes', add: 'add_parish', edit: 'edit_parish', remove: 'delete_parish', export: 'export_parishes' },
    row: parishRowSchema,
    create: parishFieldsSchema,
    update: updateParishSchema,
    source: parishSource,
    columns: parishExportColumns,
  });
  unitRoutes(app, db, {
    unit: 'communities',
    permissions: { read: 'communities', add: 'add_community', edit: 'edit_community', remove: 'delete_community', export: 'export_communities' },
    row: communityRowSchema,
    create: communityFieldsSchema,
    update: updateCommunitySchema,
    source: communitySource,
    columns: communityExportColumns,
  });

  app.get(
    '/data-regional',
    { config: { access: 'public' }, schema: { tags, querystring: dataRegionalQuerySchema, response: { 200: envelope(dataRegionalSchema) } } },
    async (request) => {
      const parents = queryParents(request.query, request.query.filters);
      return ok({
        states: await activeUnits(db, 'states', '', { state_id: parents.state_id }),
        municipalities: await activeUnits(db, 'municipalities', '', parents),
        parishes: await activeUnits(db, 'parishes', '', parents),
        communities: await activeUnits(db, 'communities', '', parents),
      });
    },
  );
});
