import { identificationLabel } from '@recaudo/domain/clients';
import { formatDateTime, textOrEmpty } from '@recaudo/domain/format';
import { formatMoney } from '@recaudo/domain/format-money';
import { reminderInstallmentLine, type ReminderAddress, type ReminderEntry } from '@recaudo/domain/reminders';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { crawlablePageItem } from '../../components/data-table';
import { useReminderPreview, useRunReminders } from './api';
import { NoWrap } from '../../components/no-wrap';

/**
 * The Administrador's view of the next reminder run (issue 33): who gets what this period (the
 * clients not reminded yet), when the schedule runs, and "Enviar ahora".
 */
export function RemindersCard() {
  const [page, setPage] = useState(1);
  const preview = useReminderPreview(page);
  const run = useRunReminders();
  const data = preview.data;
  const count = data?.total ?? 0;
  return (
    <Card
      title="Recordatorios de pago"
      extra={
        <Popconfirm title={`¿Enviar ahora ${count === 1 ? '1 recordatorio' : `${count} recordatorios`}?`} okText="Enviar" cancelText="Cancelar" onConfirm={() => run.mutate()} disabled={!count}>
          <Button type="primary" loading={run.isPending} disabled={!count}>
            Enviar ahora
          </Button>
        </Popconfirm>
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph>
            Periodo {data.period.slice(5)}-{data.period.slice(0, 4)}: {count === 1 ? '1 cliente' : `${count} clientes`} con {data.min_months === 1 ? '1 mes o más' : `${data.min_months} meses o más`} por pagar sin recordatorio{count ? `, ${formatMoney(data.owed_usd, '$')} (${formatMoney(data.owed_bs)}) en total` : ''}.
            {data.next_run ? ` Próximo envío programado: ${formatDateTime(data.next_run)}.` : ' Sin envío programado.'}
          </Typography.Paragraph>
          <Table<ReminderEntry>
            aria-label="Próximos recordatorios"
            size="small"
            rowKey={(entry) => entry.client.id}
            dataSource={data.reminders}
            loading={preview.isFetching}
            pagination={{ current: data.page, pageSize: data.per_page, total: data.total, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false, itemRender: crawlablePageItem }}
            scroll={{ x: 800 }}
            columns={[
              { title: 'Cliente', key: 'client', render: (_, entry) => `${entry.client.name} (${identificationLabel(entry.client)})` },
              { title: 'Correo', key: 'email', render: (_, entry) => textOrEmpty(entry.email) },
              { title: 'SMS', key: 'sms', render: (_, entry) => textOrEmpty(entry.sms) },
              { title: 'Direcciones', key: 'addresses', align: 'right', render: (_, entry) => entry.addresses.length },
              { title: 'Meses', key: 'months_owed', align: 'right', render: (_, entry) => entry.months_owed },
              { title: 'Monto $', key: 'owed_usd', align: 'right', render: (_, entry) => <NoWrap>{formatMoney(entry.owed_usd, '$')}</NoWrap> },
              { title: 'Monto BS', key: 'owed_bs', align: 'right', render: (_, entry) => <NoWrap>{formatMoney(entry.owed_bs)}</NoWrap> },
              // The late-payment surcharge (issue 50), a column of its own.
              { title: 'Recargo por mora $', key: 'surcharge_usd', align: 'right', render: (_, entry) => <NoWrap>{formatMoney(entry.surcharge_usd, '$')}</NoWrap> },
              // A current agreement's reminder names its next installment instead of the months (issue 50).
              { title: 'Convenio', key: 'installment', render: (_, entry) => <AgreementInstallments addresses={entry.addresses} /> },
            ]}
          />
        </>
      )}
    </Card>
  );
}

/** Each address's next installment, as the reminder names it: "Cuota 2 de 3: $ 10,00, vence 15-01-2027". */
function AgreementInstallments({ addresses }: { addresses: ReminderAddress[] }) {
  const installments = addresses.flatMap((address) => (address.installment ? [address.installment] : []));
  if (!installments.length) return textOrEmpty(null);
  return installments.map((installment) => (
    <div key={`${installment.number}-${installment.due_date}`}>
      <NoWrap>{reminderInstallmentLine(installment)}</NoWrap>
    </div>
  ));
}
