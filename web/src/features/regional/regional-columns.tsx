import HistoryOutlined from "@ant-design/icons/HistoryOutlined";
import TeamOutlined from "@ant-design/icons/TeamOutlined";
import {
  formatDate,
  formatPhone,
  textOrEmpty,
} from "@recaudo/domain/format";
import { formatMoney } from "@recaudo/domain/format-money";
import type { RegionalUnit } from "@recaudo/domain/regional";
import Flex from "antd/es/flex";
import type { ColumnsType } from "antd/es/table";
import Typography from "antd/es/typography";
import type { ReactNode } from "react";
import { ActiveSwitch } from "../../components/active-switch";
import { actionsColumn, deleteAction, editAction } from "../../components/row-actions";
import type {
  CommunityRow,
  MunicipalityRow,
  ParishRow,
  RegionalRow,
} from "./api";
import { UNITS } from "./units";
import { NoWrap } from '../../components/no-wrap';

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

/** A long column title on two lines, so the title doesn't make its column wider than the values. */
const TwoLines = ({ children }: { children: ReactNode }) => <div style={{ maxWidth: 90, whiteSpace: "normal" }}>{children}</div>;
/** A date on one line: its hyphens let a narrow column break it. */

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
          title: <TwoLines>Inicio servicio comercial</TwoLines>,
          key: "date_start",
          ...sortable,
          render: (_, row) => <NoWrap>{formatDate((row as ParishRow).date_start)}</NoWrap>,
        },
      ];
    case "communities":
      return [
        {
          title: "Casas",
          key: "number_houses",
          align: "right",
          ...sortable,
          render: (_, row) => (row as CommunityRow).number_houses,
        },
        {
          // The phone under the name: in a column of its own the row was 287 px wider than the
          // window at 1366 px with the sidebar open (issue 34).
          title: "Responsable",
          key: "responsible_name",
          render: (_, row) => (
            <Flex vertical style={{ maxWidth: 160 }}>
              <span>{textOrEmpty((row as CommunityRow).responsible_name)}</span>
              <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
                {formatPhone((row as CommunityRow).responsible_phone)}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: "Tarifa",
          key: "fee",
          align: "right",
          ...sortable,
          render: (_, row) => <NoWrap>{formatMoney((row as CommunityRow).fee, "$")}</NoWrap>,
        },
        {
          title: <TwoLines>Inicio servicio</TwoLines>,
          key: "date_start",
          ...sortable,
          render: (_, row) => <NoWrap>{formatDate((row as CommunityRow).date_start)}</NoWrap>,
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
    {
      title: "Nombre",
      dataIndex: "name",
      key: "name",
      ...sortable,
      // A community's parish under its name: one column fewer, so the list fits 1366 px (issue 34).
      render: (_, row) =>
        unit === "communities" ? (
          <Flex vertical style={{ maxWidth: 160 }}>
            <span>{row.name}</span>
            <Typography.Text type="secondary">{(row as CommunityRow).parish.name}</Typography.Text>
          </Flex>
        ) : (
          row.name
        ),
    },
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
