import { BUSINESS_TIME_ZONE, dayjs } from '@recaudo/domain/dates';
import { DEFAULT_TICKET_COLOR, ticketFieldsSchema } from '@recaudo/domain/tickets';
import ColorPicker from 'antd/es/color-picker';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Dayjs } from 'dayjs';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveTicket, type TicketRow } from './api';

const FORM_ID = 'ticket-form';
const DATE_FORMAT = 'DD-MM-YYYY';

/** What the inputs hold: the colour as `#rrggbb` text, the expiry day as a Dayjs. */
interface TicketFormValues {
  name: string;
  color: string;
  validity_date: Dayjs | null;
}

const dayToWire = (value: unknown) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value);

// The same zod fields the server validates with, so the messages match (DESIGN §6).
const shape = ticketFieldsSchema.shape;
const rules = {
  name: [zodRule(shape.name)],
  color: [zodRule(shape.color)],
  validity_date: [zodRule(shape.validity_date, dayToWire)],
};

interface TicketFormPanelProps {
  open: boolean;
  /** The series being edited; null adds a new one. */
  ticket: TicketRow | null;
  onClose: () => void;
}

/** Add or edit a ticket series: name, colour (default black) and expiry date. */
export function TicketFormPanel({ open, ticket, onClose }: TicketFormPanelProps) {
  const save = useSaveTicket();
  return (
    <SidePanel title={ticket ? 'Editar ticket' : 'Nuevo ticket'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending}>
      <TicketForm ticket={ticket} save={save} onClose={onClose} />
    </SidePanel>
  );
}

/**
 * The form, mounted anew at each opening (the panel drops its content when closed), so its store
 * starts from this record: a form instance kept across openings would let the last opening's
 * values win over the next record's initial values.
 */
function TicketForm({ ticket, save, onClose }: { ticket: TicketRow | null; save: ReturnType<typeof useSaveTicket>; onClose: () => void }) {
  const [form] = Form.useForm<TicketFormValues>();

  function submit(values: TicketFormValues) {
    save.mutate(
      { name: values.name.trim(), color: values.color, validity_date: String(dayToWire(values.validity_date)), id: ticket?.id },
      { onSuccess: onClose, onError: (error) => applyServerErrors(form, error) },
    );
  }

  return (
    <PanelForm<TicketFormValues>
      name={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{
        name: ticket?.name ?? '',
        color: ticket?.color ?? DEFAULT_TICKET_COLOR,
        validity_date: ticket ? dayjs.tz(ticket.validity_date, BUSINESS_TIME_ZONE) : null,
      }}
      disabled={save.isPending}
    >
      <Form.Item label="Nombre" name="name" rules={rules.name} required>
        <Input autoFocus maxLength={150} />
      </Form.Item>
      {/* The picker answers a colour object; the form keeps its #rrggbb text. */}
      <Form.Item label="Color" name="color" rules={rules.color} required getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}>
        <ColorPicker showText disabledAlpha format="hex" disabledFormat />
      </Form.Item>
      <Form.Item label="Fecha de vencimiento" name="validity_date" rules={rules.validity_date} required>
        <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} placeholder="DD-MM-AAAA" />
      </Form.Item>
    </PanelForm>
  );
}
