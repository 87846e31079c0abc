import { ageOn, GENDERS, identificationLabel } from '@recaudo/domain/clients';
import { dashboardMessages } from '@recaudo/domain/dashboard';
import { todayInCaracas } from '@recaudo/domain/dates';
import { rateLabel } from '@recaudo/domain/exchange-rates';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, forClients, formatDate, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import { PAYMENT_STATUS } from '@recaudo/domain/payments';
import { reminderMessages } from '@recaudo/domain/reminders';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { WelcomeTitle } from './welcome-title';
import { useClientDashboard, useReminderOptOut } from './api';
import { ClientDebtsCard, type ClientDebtActions } from './client-debts';

const STATUS_COLORS = { 0: 'warning', 1: 'success', 2: 'error' } as const;

/** Dashboard, client (spec 03): welcome card, what the client owes (issue 33), then Datos Personales and Información Adicional. */
export function ClientDashboard({ debtActions, agreements = null }: { debtActions: ClientDebtActions; /** «Mi convenio» (issue 50), above what she owes. */ agreements?: ReactNode }) {
  const { session } = useSession();
  const dashboard = useClientDashboard();
  const optOut = useReminderOptOut();
  const data = dashboard.data;
  const person = data?.client.type === 0;
  return (
    <Flex vertical gap={16}>
      <Card>
        <WelcomeTitle name={session?.user.name} style={{ margin: 0 }} />
      </Card>
      {!data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {agreements && <Col span={24}>{agreements}</Col>}
          <Col span={24}>
            <ClientDebtsCard clientId={data.client.id} debts={data.debts} actions={debtActions} />
          </Col>
          <Col xs={24} lg={14}>
            <Card title="Datos Personales">
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'since', label: 'Miembro desde', children: forClients(formatDate(data.client.created_at)) },
                  { key: 'name', label: person ? 'Nombre' : 'Razón social', children: data.client.name },
                  { key: 'identification', label: 'Identificación', children: identificationLabel(data.client) },
                  { key: 'email', label: 'Correo', children: forClients(textOrEmpty(data.client.email)) },
                  { key: 'phone', label: 'Teléfonos', children: data.client.phone.length ? data.client.phone.map(formatPhone).join(', ') : forClients(EMPTY_TEXT) },
                  {
                    key: 'reminders',
                    label: reminderMessages.toggleLabel,
                    children: (
                      <Switch
                        aria-label={reminderMessages.toggleLabel}
                        checked={!data.client.reminders_opt_out}
                        loading={optOut.isPending}
                        onChange={(receive) => optOut.mutate(!receive)}
                      />
                    ),
                  },
                  ...(person
                    ? [
                        { key: 'birth_date', label: 'Fecha de nacimiento', children: forClients(formatDate(data.client.birth_date)) },
                        {
                          key: 'age',
                          label: 'Edad',
                          children: (() => {
                            const age = ageOn(data.client.birth_date, todayInCaracas());
                            return age === null ? forClients(EMPTY_TEXT) : `${age} años`;
                          })(),
                        },
                        { key: 'gender', label: 'Género', children: data.client.gender ? (GENDERS[data.client.gender as keyof typeof GENDERS] ?? forClients(EMPTY_TEXT)) : forClients(EMPTY_TEXT) },
                      ]
                    : []),
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title="Información Adicional">
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'latest',
                    label: 'Último pago registrado',
                    children: data.latest_payment ? (
                      <>
                        {formatMoney(data.latest_payment.amount_payment)} · {formatDate(data.latest_payment.date_payment)}{' '}
                        <Tag color={STATUS_COLORS[data.latest_payment.status]}>{PAYMENT_STATUS[data.latest_payment.status]}</Tag>
                      </>
                    ) : (
                      dashboardMessages.noPayments
                    ),
                  },
                  { key: 'dollar', label: 'Tasa del dólar', children: rateLabel(data.dollar_rate, data.dollar_rate_value_date, data.dollar_rate_source) },
                  { key: 'euro', label: 'Tasa del euro', children: rateLabel(data.euro_rate, data.euro_rate_value_date, data.euro_rate_source) },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
