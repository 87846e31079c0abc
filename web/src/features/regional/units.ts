import { regionalLabels, type RegionalUnit } from '@recaudo/domain/regional';

/** Per-unit texts and permissions of the four regional screens (spec 03 §2, §6). */
export interface UnitConfig {
  unit: RegionalUnit;
  title: string;
  /** "Nuevo estado", "Nueva parroquia". */
  addLabel: string;
  editLabel: string;
  deleteQuestion: string;
  /** Query parameter of the clients screen for "Ver clientes": /clients?state=ID. */
  clientsParam: 'state' | 'municipality' | 'parish' | 'community';
  permissions: { read: string; add: string; edit: string; remove: string; export: string };
  /** Communities show residential payments only. */
  commercial: boolean;
}

const texts = (unit: RegionalUnit) => {
  const { singular, feminine, title } = regionalLabels[unit];
  return {
    title,
    addLabel: `${feminine ? 'Nueva' : 'Nuevo'} ${singular}`,
    editLabel: `Editar ${singular}`,
    deleteQuestion: `¿Seguro de eliminar ${feminine ? 'la' : 'el'} ${singular}?`,
  };
};

export const UNITS: Record<RegionalUnit, UnitConfig> = {
  states: {
    unit: 'states',
    ...texts('states'),
    clientsParam: 'state',
    permissions: { read: 'states', add: 'add_state', edit: 'edit_state', remove: 'delete_state', export: 'export_states' },
    commercial: true,
  },
  municipalities: {
    unit: 'municipalities',
    ...texts('municipalities'),
    clientsParam: 'municipality',
    permissions: { read: 'municipalities', add: 'add_municipality', edit: 'edit_municipality', remove: 'delete_municipality', export: 'export_municipalities' },
    commercial: true,
  },
  parishes: {
    unit: 'parishes',
    ...texts('parishes'),
    clientsParam: 'parish',
    permissions: { read: 'parishes', add: 'add_parish', edit: 'edit_parish', remove: 'delete_parish', export: 'export_parishes' },
    commercial: true,
  },
  communities: {
    unit: 'communities',
    ...texts('communities'),
    clientsParam: 'community',
    permissions: { read: 'communities', add: 'add_community', edit: 'edit_community', remove: 'delete_community', export: 'export_communities' },
    commercial: false,
  },
};
