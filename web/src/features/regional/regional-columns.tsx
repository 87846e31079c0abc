import HistoryOutlined from "@ant-design/icons/HistoryOutlined";
import TeamOutlined from "@ant-design/icons/TeamOutlined";
import {
  formatDate,
  formatPhone,
  textOrEmpty,
} from "@recaudo/domain/format";
import { formatMoney } from "@recaudo/domain/format-money";
import type { RegionalUnit } from "@recaudo/domain/regional";
import type { ColumnsType } from "antd/es/table";
import { ActiveSwitch } from "../../components/active-switch";
import { actionsColumn, deleteAction, editAction } from "../../components/row-actions";
import type {
  CommunityRow,
  MunicipalityRow,
  ParishRow,
  RegionalRow,
} from "./api";
import { UNITS } from "./units";

export interface RegionalColumnOptions {
  canEdit: boolean;
  canDelete: boolean;
  /** `clients`: the "Ver clientes" link. */
  canSeeClients: boolean;
  /** `logs`: the "Historial" action. */
  canSeeHistory: boolean;
  onToggle: (row: RegionalRow, active: boolean) => Promise<unknown>;
  onEdit: (row: RegionalRow) => void;
  onDelete: (row: RegionalRow) => void;
  onHistory: (row: RegionalRow) => void;
  /** Opens the clients of the row (a link: a modified click opens a new tab). */
  onClients: (path: string) => void;
}

/** "Ver clientes": a real link (new tab, copy address) that navigates inside the app on a plain click. */
const sortable = {
  sorter: true,
  sortDirections: ["ascend", "descend"] as ("ascend" | "descend")[],
};

/** The unit's own columns between Nombre and Clientes. */
function ownColumns(unit: RegionalUnit): ColumnsType<RegionalRow> {
  switch (unit) {
    case "states":
      return [];
    case "municipalities":
      return [
        {
          title: "Estado",
          key: "state",
          render: (_, row) => (row as MunicipalityRow).state.name,
        },
      ];
    case "parishes":
      return [
        {
          title: "Municipio",
          key: "municipality",
          render: (_, row) => (row as ParishRow).municipality.name,
        },
        {
          title: "Estado",
          key: "state",
          render: (_, row) => (row as ParishRow).state.name,
        },
        {
          title: "Inicio servicio comercial",
          key: "date_start",
          ...sortable,
          render: (_, row) => formatDate((row as ParishRow).date_start),
        },
      ];
    case "communities":
      return [
        {
          title: "Parroquia",
          key: "parish",
          render: (_, row) => (row as CommunityRow).parish.name,
        },
        {
          title: "Casas",
          key: "number_houses",
          align: "right",
          ...sortable,
          render: (_, row) => (row as CommunityRow).number_houses,
        },
        {
          title: "Responsable",
          key: "responsible_name",
          render: (_, row) =>
            textOrEmpty((row as CommunityRow).responsible_name),
        },
        {
          title: "Teléfono",
          key: "responsible_phone",
          render: (_, row) =>
            formatPhone((row as CommunityRow).responsible_phone),
        },
        {
          title: "Tarifa",
          key: "fee",
          align: "right",
          ...sortable,
          render: (_, row) => formatMoney((row as CommunityRow).fee, "$"),
        },
        {
          title: "Inicio servicio",
          key: "date_start",
          ...sortable,
          render: (_, row) => formatDate((row as CommunityRow).date_start),
        },
      ];
  }
}

/** Columns of a regional table: name, parents and fields, clients, the active toggle and the actions. */
export function regionalColumns(
  unit: RegionalUnit,
  options: RegionalColumnOptions,
): ColumnsType<RegionalRow> {
  const {
    canEdit,
    canDelete,
    canSeeClients,
    canSeeHistory,
    onToggle,
    onEdit,
    onDelete,
    onHistory,
    onClients,
  } = options;
  const config = UNITS[unit];
  return [
    { title: "Nombre", dataIndex: "name", key: "name", ...sortable },
    ...ownColumns(unit),
    {
      title: "Clientes",
      dataIndex: "count_clients",
      key: "count_clients",
      align: "right",
    },
    {
      title: "Estatus",
      key: "active",
      ...sortable,
      render: (_, row) => (
        <ActiveSwitch
          active={row.active}
          label={`Estatus de ${row.name}`}
          canEdit={canEdit}
          onChange={(active) => onToggle(row, active)}
        />
      ),
    },
    ...actionsColumn<RegionalRow>(
      (row) => [
        editAction(() => onEdit(row), canEdit),
        {
          label: "Ver clientes",
          icon: <TeamOutlined />,
          href: `/clients?${config.clientsParam}=${row.id}`,
          onClick: () => onClients(`/clients?${config.clientsParam}=${row.id}`),
          allowed: canSeeClients,
          primary: true,
        },
        { label: "Historial", icon: <HistoryOutlined />, onClick: () => onHistory(row), allowed: canSeeHistory },
        deleteAction(() => onDelete(row), canDelete),
      ],
      canEdit || canSeeClients || canSeeHistory || canDelete,
      { labelOf: (row) => row.name },
    ),
  ];
}
