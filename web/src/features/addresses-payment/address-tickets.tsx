import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { AddressRow } from '@recaudo/domain/addresses';
import { todayInCaracas } from '@recaudo/domain/dates';
import { formatDate, textOrEmpty } from '@recaudo/domain/format';
import { deliveryType, ticketMessages, type DeliveredTicket, type TicketSeries } from '@recaudo/domain/tickets';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { crawlablePageItem } from '../../components/data-table';
import { ACTIONS_COLUMN_KEY, RowActions } from '../../components/row-actions';
import { useCan, useSession } from '../../lib/session';
import { useAssignTickets, useRemoveTicket, useTicketOptions } from './address-details-api';

/** The series' colour beside its name; the name carries the meaning. */
export function TicketName({ ticket }: { ticket: Pick<TicketSeries, 'name' | 'color'> }) {
  return (
    <Flex gap={8} align="center">
      <span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, background: ticket.color, border: '1px solid rgba(128,128,128,0.5)', flex: 'none' }} />
      {ticket.name}
    </Flex>
  );
}

/** Spec 01 §4: the expiry date is red when before today (Caracas), else green. */
export function ExpiryDate({ date, today = todayInCaracas() }: { date: string; today?: string }) {
  const expired = date < today;
  return (
    <Typography.Text type={expired ? 'danger' : 'success'} aria-label={`${formatDate(date)} (${expired ? 'vencido' : 'vigente'})`}>
      {formatDate(date)}
    </Typography.Text>
  );
}

function AssignModal({ address, open, onClose, onAssigned }: { address: AddressRow; open: boolean; onClose: () => void; onAssigned?: () => void }) {
  const [form] = Form.useForm<{ tickets_payment_ids: number[] }>();
  const options = useTicketOptions(address.id, open);
  const assign = useAssignTickets();
  const none = options.isSuccess && options.data.length === 0;

  async function submit() {
    const values = await form.validateFields();
    assign.mutate({ address_payment_id: address.id, tickets_payment_ids: values.tickets_payment_ids }, {
        onSuccess: () => {
          onClose();
          onAssigned?.();
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      title="Agregar Tickets"
      okText="Asignar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: none }}
      confirmLoading={assign.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {none ? (
        <Alert type="info" showIcon title={ticketMessages.noneAvailable} />
      ) : (
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="tickets_payment_ids" label="Tickets" rules={[{ required: true, type: 'array', min: 1, message: ticketMessages.selectAtLeastOne }]}>
            <Select
              mode="multiple"
              loading={options.isFetching}
              notFoundContent={ticketMessages.emptySelect}
              optionFilterProp="title"
              options={(options.data ?? []).map((ticket) => ({
                value: ticket.id,
                title: ticket.name,
                label: (
                  <Flex gap={8} align="center" justify="space-between">
                    <TicketName ticket={ticket} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      Vence {formatDate(ticket.validity_date)}
                    </Typography.Text>
                  </Flex>
                ),
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * The tickets handed to an address (spec 01 §2, §4, §8): staff with add_tickets_payment add
 * series through "Agregar Tickets"; removing needs add_tickets_payment or edit_address_payment
 * (issue 31), and a ticket delivered with a payment belongs to that payment and is removed from there.
 */
export function AddressTickets({ address, onChanged }: { address: AddressRow; onChanged?: () => void }) {
  const { session } = useSession();
  const isStaff = (session?.user.client_id ?? null) === null;
  const canAdd = useCan('add_tickets_payment') && isStaff;
  const mayEditAddress = useCan('edit_address_payment');
  const canRemove = (canAdd || mayEditAddress) && isStaff;
  const remove = useRemoveTicket();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<DeliveredTicket | null>(null);
  const tickets = address.tickets_delivered;

  const columns: ColumnsType<DeliveredTicket> = [
    { key: 'ticket', title: 'Ticket', render: (_, row) => <TicketName ticket={row.tickets_payment} /> },
    { key: 'serial', title: 'Serial', render: (_, row) => textOrEmpty(row.ticket_serial) },
    { key: 'delivery', title: 'Tipo de entrega', render: (_, row) => deliveryType(row) },
    { key: 'validity', title: 'Vence', render: (_, row) => <ExpiryDate date={row.tickets_payment.validity_date} /> },
  ];
  if (canRemove) {
    columns.push({
      key: ACTIONS_COLUMN_KEY,
      title: 'Acciones',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              label: 'Eliminar',
              icon: <DeleteOutlined />,
              danger: true,
              disabled: row.payment_id !== null,
              tooltip: row.payment_id !== null ? `Entregado con el pago #${row.payment_id}: se quita desde el pago.` : undefined,
              onClick: () => setToRemove(row),
            },
          ]}
        />
      ),
    });
  }

  return (
    <section aria-label={`Tickets de ${address.address}`}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>Tickets</Typography.Text>
        {canAdd && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Agregar Tickets
          </Button>
        )}
      </Flex>
      <Table<DeliveredTicket>
        aria-label={`Tickets de ${address.address}`}
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={tickets}
        pagination={tickets.length > 10 ? { pageSize: 10, size: 'small', itemRender: crawlablePageItem } : false}
        locale={{ emptyText: 'Sin tickets asignados' }}
        scroll={{ x: 'max-content' }}
      />
      {canAdd && <AssignModal address={address} open={adding} onClose={() => setAdding(false)} onAssigned={onChanged} />}
      <ConfirmDelete
        open={toRemove !== null}
        question="¿Seguro de eliminar el ticket?"
        subject={toRemove ? `${toRemove.tickets_payment.name}${toRemove.ticket_serial ? ` (${toRemove.ticket_serial})` : ''}` : undefined}
        deleting={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() =>
          toRemove &&
          remove.mutate(
            { address_payment_id: address.id, ticket_payment_id: toRemove.tickets_payment_id, id: toRemove.id },
            { onSuccess: () => onChanged?.(), onSettled: () => setToRemove(null) },
          )
        }
      />
    </section>
  );
}
