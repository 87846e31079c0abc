import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import DollarOutlined from '@ant-design/icons/DollarOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { CLIENT_TYPES, clientMessages, GENDERS, identificationLabel, type ClientRow } from '@recaudo/domain/clients';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, formatDate, textOrEmpty } from '@recaudo/domain/format';
import { PAYMENT_STATUS } from '@recaudo/domain/payments';
import type { ClientDebts } from '@recaudo/domain/statement';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import { useCan } from '../../lib/session';
import { useClient, type ClientDetail } from './api';
import { PhoneLines } from './client-columns';
import { ClientFormPanel } from './client-form-panel';
import { NotesPanel } from './notes-panel';
import { reminderMessages } from '@recaudo/domain/reminders';
import { PageTitle } from '../../components/page-title';
import { NoWrap } from '../../components/no-wrap';

/** "María José Pérez" → "MP": first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

/** Identifications, dates and amounts never break across lines (issue 51). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** "Debe $ 15,00 (BS 3.684,15), 3 meses" or "Al día": what the client owes over all her addresses at today's rate. */
function DebtSummary({ debts }: { debts: ClientDebts }) {
  if (debts.months_owed === 0) return <Tag color="green">Al día</Tag>;
  return (
    <Typography.Text type="danger" strong style={NOWRAP}>
      Debe {formatMoney(debts.owed_usd, '$')} ({formatMoney(debts.owed_bs, 'BS')}), {debts.months_owed === 1 ? '1 mes' : `${debts.months_owed} meses`}
    </Typography.Text>
  );
}

interface HeaderProps {
  detail: ClientDetail;
  canEdit: boolean;
  onEdit: () => void;
  /** "Registrar pago": shown where the app hands in the payment form and the user may add payments. */
  onRegisterPayment?: () => void;
}

function Header({ detail, canEdit, onEdit, onRegisterPayment }: HeaderProps) {
  const { client, reminders_opt_out: remindersOptOut } = detail;
  return (
    <Card style={{ marginBottom: 16 }}>
      <Flex gap={20} align="center" wrap>
        <Avatar size={72} style={{ backgroundColor: '#1677ff', fontSize: 28, flex: 'none' }} aria-hidden>
          {initialsOf(client.name)}
        </Avatar>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Flex gap={8} align="center" wrap>
            <PageTitle style={{ margin: 0 }}>
              {client.name}
            </PageTitle>
            <Tag color={client.type === 0 ? 'blue' : 'purple'}>{CLIENT_TYPES[client.type]}</Tag>
            <Tag color={client.active ? 'green' : 'default'}>{client.active ? 'Activo' : 'Inactivo'}</Tag>
          </Flex>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2, xxl: 3 }}
            items={[
              { key: 'identification', label: 'Identificación', children: <NoWrap>{identificationLabel(client)}</NoWrap> },
              { key: 'phone', label: 'Teléfonos', children: <PhoneLines phones={client.phone} /> },
              { key: 'email', label: 'Correo', children: textOrEmpty(client.email) },
              { key: 'created_at', label: 'Fecha de creación', children: <NoWrap>{formatDate(client.created_at)}</NoWrap> },
              { key: 'address', label: 'Dirección', children: textOrEmpty(client.address) },
              { key: 'debt', label: 'Deuda', children: <DebtSummary debts={detail.debts} /> },
              {
                key: 'reminders',
                label: 'Recordatorios',
                children: <Tag color={remindersOptOut ? 'orange' : 'green'}>{remindersOptOut ? reminderMessages.staffOptedOut : reminderMessages.staffOptedIn}</Tag>,
              },
            ]}
          />
        </Flex>
        <Flex gap={8} wrap>
          {onRegisterPayment && (
            <Button type="primary" icon={<DollarOutlined />} onClick={onRegisterPayment}>
              Registrar pago
            </Button>
          )}
          {canEdit && (
            <Button icon={<EditOutlined />} onClick={onEdit}>
              Editar
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

function GeneralData({ detail }: { detail: ClientDetail }) {
  const { client } = detail;
  const person = client.type === 0;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="Datos del cliente" style={{ height: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'type', label: 'Tipo de cliente', children: CLIENT_TYPES[client.type] },
              { key: 'name', label: person ? 'Nombre' : 'Nombre o razón social', children: client.name },
              { key: 'identification', label: 'Identificación', children: identificationLabel(client) },
              { key: 'email', label: 'Correo', children: textOrEmpty(client.email) },
              { key: 'phone', label: 'Teléfonos', children: <PhoneLines phones={client.phone} /> },
              ...(person
                ? [
                    { key: 'gender', label: 'Género', children: client.gender ? GENDERS[client.gender] : EMPTY_TEXT },
                    { key: 'birth_date', label: 'Fecha de nacimiento', children: formatDate(client.birth_date) },
                    { key: 'age', label: 'Edad', children: client.age === null ? EMPTY_TEXT : `${client.age} años` },
                  ]
                : []),
              { key: 'address', label: 'Dirección', children: textOrEmpty(client.address) },
              { key: 'status', label: 'Estatus', children: client.active ? 'Activo' : 'Inactivo' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} md={12} lg={7}>
        <Card title="Usuario del cliente" style={{ height: '100%' }}>
          {client.user ? (
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'name', label: 'Nombre', children: client.user.name },
                { key: 'email', label: 'Correo', children: client.user.email },
                { key: 'created_at', label: 'Fecha de creación', children: formatDate(client.user.created_at) },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">El cliente no tiene un usuario registrado.</Typography.Text>
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} lg={7}>
        <Card title="Información Adicional" style={{ height: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'latest_payment',
                label: 'Último pago',
                children: client.latest_payment
                  ? `${formatMoney(client.latest_payment.amount_payment)} · ${formatDate(client.latest_payment.date_payment)} · ${PAYMENT_STATUS[client.latest_payment.status]}`
                  : 'Sin pagos registrados',
              },
              { key: 'dollar_rate', label: 'Tasa del dólar', children: formatMoney(detail.dollar_rate, 'BS') },
              { key: 'euro_rate', label: 'Tasa del euro', children: formatMoney(detail.euro_rate, 'BS') },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

export interface ClientDetailPageProps {
  /** Tab 2 Pagos: the payments list fixed on this client (the client itself, so a new payment starts on it). */
  paymentsTab?: (client: ClientRow) => ReactNode;
  /** Tab 7 Bitácoras: the audit log list fixed on this client (composed by the app, features stay apart). */
  logsTab?: (clientId: number) => ReactNode;
  /** Tab 8 Login del usuario: the sessions list fixed on this client's users. */
  loginsTab?: (clientId: number) => ReactNode;
  /** Tab 3 Direcciones de pago: the client's addresses, each expanding to its calendar and tickets, with their actions. */
  addressesTab?: (client: ClientRow) => ReactNode;
  /** Tab 5 Solvencias: the client's solvency certificates. */
  solvenciesTab?: (clientId: number) => ReactNode;
  /** Convenios de pago (issue 50): the client's payment agreements, for staff who read them. */
  agreementsTab?: (clientId: number) => ReactNode;
  /** The header's "Registrar pago": the payments area's form started on this client (null = closed). */
  paymentPanel?: (client: ClientRow | null, close: () => void) => ReactNode;
}

/**
 * /client-detail/{id} (spec 01 §2): header with initials, phones, e-mail, identification,
 * creation date and address; tabs 1 Datos Generales, 2 Pagos, 3 Direcciones de pago,
 * 5 Solvencias, 6 Notas, 7 Bitácoras, 8 Login del usuario (there is no tab 4).
 */
export default function ClientDetailPage({ paymentsTab, logsTab, loginsTab, addressesTab, solvenciesTab, agreementsTab, paymentPanel }: ClientDetailPageProps) {
  const { id } = useParams();
  const clientId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const detail = useClient(clientId);
  const canEdit = useCan('edit_client');
  const canSeeLogs = useCan('logs');
  const canSeeLogins = useCan('logins');
  const canAddPayment = useCan('add_payment');
  const [paying, setPaying] = useState(false);
  const [editing, setEditing] = useState(false);
  // Each opening mounts the panel anew, so it starts from the client's current data.
  const [openings, setOpenings] = useState(0);
  const [tab, setTab] = useState('1');

  const back = (
    <Link to="/clients">
      <ArrowLeftOutlined /> Volver a clientes
    </Link>
  );

  const missing = Number.isNaN(clientId) || (detail.error instanceof HttpError && detail.error.status === 404);
  if (missing) {
    return (
      <section aria-labelledby="page-title">
        <Result status="404" title={<span id="page-title">{clientMessages.notFound}</span>} extra={back} />
      </section>
    );
  }
  if (detail.isError) {
    return (
      <section aria-labelledby="page-title">
        <Result
          status="error"
          title={<span id="page-title">No se pudo cargar el cliente.</span>}
          extra={
            <Button onClick={() => void detail.refetch()} loading={detail.isFetching}>
              Reintentar
            </Button>
          }
        />
      </section>
    );
  }
  if (!detail.data) {
    return (
      <div role="status" aria-label="Cargando" style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }

  const { client } = detail.data;
  const tabs = [
    { key: '1', label: 'Datos Generales', children: <GeneralData detail={detail.data} /> },
    ...(paymentsTab ? [{ key: '2', label: 'Pagos', children: paymentsTab(client) }] : []),
    ...(addressesTab ? [{ key: '3', label: 'Direcciones de pago', children: addressesTab(client) }] : []),
    ...(solvenciesTab ? [{ key: '5', label: 'Solvencias', children: solvenciesTab(client.id) }] : []),
    ...(agreementsTab ? [{ key: 'agreements', label: 'Convenios de pago', children: agreementsTab(client.id) }] : []),
    { key: '6', label: 'Notas', children: <NotesPanel clientId={client.id} /> },
    ...(canSeeLogs && logsTab ? [{ key: '7', label: 'Bitácoras', children: logsTab(client.id) }] : []),
    ...(canSeeLogins && loginsTab ? [{ key: '8', label: 'Login del usuario', children: loginsTab(client.id) }] : []),
  ];

  return (
    <section aria-labelledby="page-title">
      <div style={{ marginBottom: 12 }}>{back}</div>
      <Header
        detail={detail.data}
        onRegisterPayment={paymentPanel && canAddPayment ? () => setPaying(true) : undefined}
        canEdit={canEdit}
        onEdit={() => {
          setOpenings((count) => count + 1);
          setEditing(true);
        }}
      />
      <Card>
        <Tabs activeKey={tab} onChange={setTab} items={tabs} destroyOnHidden />
      </Card>
      <ClientFormPanel key={openings} open={editing} client={client} onClose={() => setEditing(false)} />
      {paymentPanel?.(paying ? client : null, () => setPaying(false))}
    </section>
  );
}
