import DeleteOutlined from "@ant-design/icons/DeleteOutlined";
import EditOutlined from "@ant-design/icons/EditOutlined";
import HistoryOutlined from "@ant-design/icons/HistoryOutlined";
import TeamOutlined from "@ant-design/icons/TeamOutlined";
import {
  formatDate,
  formatMoney,
  formatPhone,
  textOrEmpty,
} from "@recaudo/domain/format";
import type { RegionalUnit } from "@recaudo/domain/regional";
import Button from "antd/es/button";
import Flex from "antd/es/flex";
import Tooltip from "antd/es/tooltip";
import type { ColumnsType } from "antd/es/table";
import { useNavigate } from "react-router";
import { ActiveSwitch } from "../../components/active-switch";
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
}

/** "Ver clientes": a real link (new tab, copy address) that navigates inside the app on a plain click. */
function ClientsLink({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <Tooltip title="Ver clientes">
      <Button
        size="small"
        type="text"
        href={to}
        aria-label="Ver clientes"
        icon={<TeamOutlined />}
        onClick={(event) => {
          if (
            event.metaKey ||
            event.ctrlKey ||
            event.shiftKey ||
            event.button !== 0
          )
            return;
          event.preventDefault();
          void navigate(to);
        }}
      />
    </Tooltip>
  );
}

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
    {
      title: "Acciones",
      key: "actions",
      render: (_, row) => (
        <Flex gap={2}>
          {canEdit && (
            <Tooltip title="Editar">
              <Button
                size="small"
                type="text"
                aria-label="Editar"
                icon={<EditOutlined />}
                onClick={() => onEdit(row)}
              />
            </Tooltip>
          )}
          {canSeeClients && (
            <ClientsLink to={`/clients?${config.clientsParam}=${row.id}`} />
          )}
          {canSeeHistory && (
            <Tooltip title="Historial">
              <Button
                size="small"
                type="text"
                aria-label="Historial"
                icon={<HistoryOutlined />}
                onClick={() => onHistory(row)}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title="Eliminar">
              <Button
                size="small"
                type="text"
                danger
                aria-label="Eliminar"
                icon={<DeleteOutlined />}
                onClick={() => onDelete(row)}
              />
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];
}
