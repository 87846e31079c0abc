import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { ADDRESS_TYPES, monthLabel, type AddressRow } from '@recaudo/domain/addresses';
import { paymentAmounts, type Amounts } from '@recaudo/domain/amounts';
import { caracas, dayjs, BUSINESS_TIME_ZONE } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format';
import type { Month } from '@recaudo/domain/months';
import {
  BANK_METHOD_TYPES,
  PAYMENT_MONTH_TYPES,
  PAYMENT_STATUS,
  REFERENCE_METHOD_TYPES,
  TERMINAL_METHOD_TYPES,
  paymentFieldsSchema,
  paymentRuleIssues,
  type PaymentMethodFacts,
  type PaymentRow,
  type PaymentStatus,
} from '@recaudo/domain/payments';
import { hasPermission } from '@recaudo/domain/permissions';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Form, { type FormInstance, type Rule } from 'antd/es/form';
import Image from 'antd/es/image';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import Upload, { type UploadFile } from 'antd/es/upload';
import type { Dayjs } from 'dayjs';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EMPTY_SELECT_TEXT, SELECT_SEARCH_DEBOUNCE_MS } from '../../components/filter-drawer';
import { MoneyInput } from '../../components/money-input';
import { MonthCalendar, type CalendarMonth } from '../../components/month-calendar';
import { SidePanel } from '../../components/side-panel';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { applyServerErrors, zodRule } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { clientOptionLabel, findClientOptions, type ClientOption } from '../../components/select-options';
import {
  findBankOptions,
  findMethodOptions,
  findRates,
  paymentKeys,
  useClientAddresses,
  useImageUrls,
  useOptionList,
  useSavePayment,
  useTicketOptions,
  type MethodOption,
  type PaymentInput,
} from './api';
import { ContactDialog } from './contact-dialog';
import { IMAGE_MIN_SCALE } from './payment-details';
import { currencyOf, defaultRate, isPayable, panelMonths, rateOf } from './payment-form-model';
import { SerieSelect, useSerieOptions } from './serie-select';

const FORM_ID = 'payment-form';
const DATE_FORMAT = 'DD-MM-YYYY';
/** Spec 02 §5 uploads; SVG is refused by the server (it can carry scripts). */
const IMAGE_TYPES = 'image/gif,image/x-icon,image/vnd.microsoft.icon,image/jpeg,image/png,image/webp';
const MAX_FILES = 10;

export const paymentPanelTexts = {
  contactAlert: 'El cliente no tiene correo o teléfono registrado. Actualiza sus datos de contacto antes de guardar el pago.',
  bdv: 'Validar pago con BDV',
  bdvSoon: 'La validación del pago móvil con el Banco de Venezuela estará disponible próximamente.',
  imagesOnly: 'Solo se permiten imágenes (gif, ico, jpeg, jpg, png o webp).',
  statusByActions: 'El estatus se cambia con Aprobar o Rechazar.',
  clientStatus: 'Tu pago quedará en estado Procesando hasta que el personal lo apruebe.',
} as const;

/** What the panel's inputs hold; `toPaymentInput` turns it into the form the API takes. */
export interface PaymentFormValues {
  client_id: number | null;
  address_payment_id: number | null;
  type_payment_month: 0 | 1;
  pay_total_debt: boolean;
  months_payment: Month[];
  status: PaymentStatus;
  payment_method_id: number | null;
  date_payment: Dayjs | null;
  date_bill: Dayjs | null;
  exchange_rate_id: number | null;
  exchange_rate: string | null;
  amount_payment: string | null;
  is_apply_retention: boolean;
  reference: string;
  terminal: string;
  lot_number: string;
  bank_id: number | null;
  serie_id: number | null;
  checkbook_number: string;
  number: string;
  send_invoice: boolean;
  observations: string;
  tickets_payment_id: number | null;
  ticket_serial: string;
  files: UploadFile[];
}

/** The shortcuts of spec 02 §2, handed in by the app: features don't import each other's panels. */
export interface PaymentShortcuts {
  /** "Nuevo cliente" (add_client): the clients area's panel; `onCreated` selects the new client. */
  newClientPanel?: (props: { open: boolean; onClose: () => void; onCreated: (client: ClientOption) => void }) => ReactNode;
  /** "Nueva dirección" (add_address_payment): the addresses area's panel for the chosen client; `onCreated` selects it. */
  newAddressPanel?: (props: { open: boolean; client: ClientOption; onClose: () => void; onCreated: (addressId: number) => void }) => ReactNode;
}

interface PaymentFormPanelProps extends PaymentShortcuts {
  open: boolean;
  /** The payment being edited; null records a new one. */
  payment: PaymentRow | null;
  onClose: () => void;
  /** A new payment starts on this client (the client detail's Pagos tab). */
  defaultClient?: ClientOption | null;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const isDay = (value: unknown): value is Dayjs => dayjs.isDayjs(value);
const dayToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM-DD') : value);
const trimmed = (value: string | null | undefined) => (blank(value) ? null : value!.trim());
const today = () => caracas().startOf('day');
const fromDate = (value: string | null) => (value ? dayjs.tz(value, BUSINESS_TIME_ZONE) : null);
/** Payment and bill dates can't be in the future (spec 02 §5). */
const afterToday = (day: Dayjs) => day.format('YYYY-MM-DD') > caracas().format('YYYY-MM-DD');
const includes = (list: readonly number[], value: number | undefined) => value !== undefined && list.includes(value);

export const methodFacts = (method: MethodOption | undefined): PaymentMethodFacts | null =>
  method ? { type: method.type, usesBankApi: method.is_mobile_payment_use_api_bdv } : null;

/** Which method-dependent fields the panel shows (spec 02 §5): reference 1/3/5, terminal and lot 2, bank 1/3 or a bank-API method. */
export function methodFields(method: MethodOption | undefined) {
  return {
    reference: includes(REFERENCE_METHOD_TYPES, method?.type),
    terminal: includes(TERMINAL_METHOD_TYPES, method?.type),
    bank: includes(BANK_METHOD_TYPES, method?.type) || Boolean(method?.is_mobile_payment_use_api_bdv),
  };
}

function initialValues(
  payment: PaymentRow | null,
  ownClientId: number | null,
  correlativeId: number | null,
  defaultClientId: number | null = null,
): PaymentFormValues {
  const staff = ownClientId === null;
  // Every key is present so a 422 on any field lands on it (applyServerErrors).
  return {
    client_id: payment?.client_id ?? ownClientId ?? defaultClientId,
    address_payment_id: payment?.address_payment_id ?? null,
    type_payment_month: payment?.type_payment_month ?? 0,
    pay_total_debt: false,
    months_payment: payment?.type_payment_month === 1 ? payment.months_payment : [],
    // Spec 02 §4: a new staff payment is Aprobado; a client's is Procesando.
    status: payment?.status ?? (staff ? 1 : 0),
    payment_method_id: payment?.payment_method_id ?? null,
    date_payment: payment ? fromDate(payment.date_payment) : today(),
    date_bill: payment ? fromDate(payment.date_bill) : staff ? today() : null,
    exchange_rate_id: payment?.exchange_rate_id ?? null,
    exchange_rate: payment?.exchange_rate ?? null,
    amount_payment: payment?.amount_payment ?? null,
    is_apply_retention: payment?.is_apply_retention ?? false,
    reference: payment?.reference ?? '',
    terminal: payment?.terminal ?? '',
    lot_number: payment?.lot_number ?? '',
    bank_id: payment?.bank_id ?? null,
    serie_id: payment ? payment.serie_id : staff ? correlativeId : null,
    checkbook_number: payment?.checkbook_number ?? '',
    number: payment?.number ?? '',
    send_invoice: payment?.send_invoice ?? false,
    observations: payment?.observations ?? '',
    tickets_payment_id: payment?.tickets_payment_id ?? null,
    ticket_serial: payment?.ticket_serial ?? '',
    files: (payment?.files ?? []).map((file) => ({ uid: file.name, name: file.name.split('/').pop() ?? file.name, status: 'done', url: file.url })),
  };
}

/** The months a payment pays as the panel shows them: picked ones, or the one a "Mes actual" payment takes. */
export function monthsToSend(values: Pick<PaymentFormValues, 'type_payment_month' | 'months_payment'>): Month[] {
  return values.type_payment_month === 1 ? [...new Set(values.months_payment)].sort() : [];
}

/** The panel's values as `payments/store` and `/update` take them; staff-only fields stay empty for client users. */
export function toPaymentInput(
  values: PaymentFormValues,
  context: { payment: PaymentRow | null; ownClientId: number | null; method: MethodOption | undefined; amounts: Amounts | null; serie: string | null },
): PaymentInput {
  const staff = context.ownClientId === null;
  const shown = methodFields(context.method);
  const amounts = context.amounts;
  return {
    id: context.payment?.id,
    client_id: context.ownClientId ?? values.client_id!,
    address_payment_id: values.address_payment_id!,
    status: staff ? values.status : 0,
    payment_method_id: values.payment_method_id!,
    date_payment: dayToWire(values.date_payment) as string,
    date_bill: staff && isDay(values.date_bill) ? values.date_bill.format('YYYY-MM-DD') : null,
    exchange_rate: values.exchange_rate ?? '',
    exchange_rate_id: values.exchange_rate_id ?? 1,
    amount_payment: values.amount_payment ?? '',
    amount_bill: amounts?.amount_bill ?? '0.00',
    dollar_amount_payment: amounts?.dollar_amount_payment ?? '0.00',
    dollar_amount_bill: amounts?.dollar_amount_bill ?? '0.00',
    tax_base: amounts?.tax_base ?? '0.00',
    iva: amounts?.iva ?? '0.00',
    retention: amounts?.retention ?? '0.00',
    is_apply_retention: values.is_apply_retention,
    reference: shown.reference ? trimmed(values.reference) : null,
    terminal: shown.terminal ? trimmed(values.terminal) : null,
    lot_number: shown.terminal ? trimmed(values.lot_number) : null,
    bank_id: shown.bank ? values.bank_id : null,
    serie_id: staff ? values.serie_id : null,
    serie: staff ? context.serie : null,
    checkbook_number: staff ? trimmed(values.checkbook_number) : null,
    number: staff && !values.send_invoice ? trimmed(values.number) : null,
    observations: trimmed(values.observations),
    type_payment_month: values.type_payment_month,
    months_payment: monthsToSend(values),
    send_invoice: staff && values.send_invoice,
    bdv_verified: context.payment?.bdv_verified ?? false,
    conciliation_id: context.payment?.conciliation_id ?? null,
    tickets_payment_id: staff ? values.tickets_payment_id : null,
    ticket_serial: staff && values.tickets_payment_id !== null ? trimmed(values.ticket_serial) : null,
    files: values.files.filter((file) => file.originFileObj).map((file) => file.originFileObj as File),
    files_string: values.files.filter((file) => !file.originFileObj).map((file) => file.uid),
  };
}

/**
 * Nuevo / Editar pago (spec 02 §2 Payment create/edit panel, §5 Payment form). The SidePanel drops
 * its content when closed and the list passes a new `key` at each opening, so every opening
 * starts from that payment's values.
 */
export function PaymentFormPanel({ open, payment, onClose, defaultClient = null, newClientPanel, newAddressPanel }: PaymentFormPanelProps) {
  const save = useSavePayment();
  return (
    <SidePanel title={payment ? 'Editar pago' : 'Nuevo pago'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending} size={720}>
      <PaymentForm
        payment={payment}
        onClose={onClose}
        save={save}
        defaultClient={defaultClient}
        newClientPanel={newClientPanel}
        newAddressPanel={newAddressPanel}
      />
    </SidePanel>
  );
}

/* ---------------- Inputs of the panel ---------------- */

interface ClientSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The chosen client, so its label stays readable when a search leaves it out. */
  chosen: ClientOption | null;
  onPick: (client: ClientOption | null) => void;
  disabled?: boolean;
}

/** Cliente: searches by name or identification as typed (800 ms, spec 01 §9). */
function ClientSelect({ id, value, onChange, chosen, onPick, disabled }: ClientSelectProps) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SELECT_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: paymentKeys.options('clients', debounced),
    queryFn: ({ signal }) => findClientOptions(debounced, signal),
    staleTime: 30_000,
  });
  const rows = query.data ?? [];
  const options = rows.map((client) => ({ value: client.id, label: clientOptionLabel(client) }));
  if (chosen && !rows.some((client) => client.id === chosen.id)) options.unshift({ value: chosen.id, label: clientOptionLabel(chosen) });
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Buscar por nombre o identificación"
      notFoundContent={query.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
      options={options}
      onChange={(next) => {
        setSearch('');
        onPick(next === undefined ? null : (rows.find((client) => client.id === next) ?? (chosen?.id === next ? chosen : null)));
        onChange?.(next ?? null);
      }}
    />
  );
}

interface MonthsInputProps {
  value?: Month[];
  onChange?: (value: Month[]) => void;
  id?: string;
  years: ReturnType<typeof panelMonths>['years'];
  readOnly: boolean;
}

/** The month calendar as a form control: the value is the list of months to pay (yellow). */
function MonthsInput({ value = [], onChange, id, years, readOnly }: MonthsInputProps) {
  const selected = useMemo(() => new Set(value), [value]);
  const toggle = (month: Month) => onChange?.(selected.has(month) ? value.filter((item) => item !== month) : [...value, month].sort());
  return (
    <div id={id}>
      <MonthCalendar
        years={years}
        selected={selected}
        onToggle={toggle}
        readOnly={readOnly}
        isSelectable={(entry: CalendarMonth) => isPayable(entry)}
        label="Meses de la dirección"
      />
    </div>
  );
}

interface FilesInputProps {
  value?: UploadFile[];
  onChange?: (value: UploadFile[]) => void;
  id?: string;
  disabled?: boolean;
}

/** Archivos: several images, kept ones shown from their token-protected URL (loaded as blobs). */
function FilesInput({ value = [], onChange, id, disabled }: FilesInputProps) {
  const stored = useImageUrls(value.filter((file) => !file.originFileObj && file.url).map((file) => file.url!));
  const [preview, setPreview] = useState<{ url: string; owned: boolean } | null>(null);
  const shown = value.map((file) => (file.originFileObj || !file.url ? file : { ...file, thumbUrl: stored[file.url], url: stored[file.url] ?? file.url }));
  return (
    <>
      <Upload
        id={id}
        listType="picture-card"
        multiple
        accept={IMAGE_TYPES}
        disabled={disabled}
        maxCount={MAX_FILES}
        fileList={shown}
        beforeUpload={(file) => {
          if (!IMAGE_TYPES.split(',').includes(file.type)) {
            notify.error(paymentPanelTexts.imagesOnly);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => onChange?.(fileList.map((file) => value.find((item) => item.uid === file.uid) ?? file))}
        onPreview={(file) => {
          // A new file gets its own object URL, revoked when the viewer closes; stored ones come from the hook.
          setPreview(
            file.originFileObj
              ? { url: URL.createObjectURL(file.originFileObj), owned: true }
              : file.url && stored[file.url]
                ? { url: stored[file.url]!, owned: false }
                : null,
          );
        }}
      >
        {value.length < MAX_FILES && (
          <button type="button" style={{ border: 0, background: 'none', color: 'inherit' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>Subir</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview.url}
          alt="Vista previa"
          preview={{
            open: true,
            minScale: IMAGE_MIN_SCALE,
            onOpenChange: (visible) => {
              if (visible) return;
              if (preview.owned) URL.revokeObjectURL(preview.url);
              setPreview(null);
            },
          }}
        />
      )}
    </>
  );
}

/* ---------------- The form ---------------- */

type FormView = Pick<FormInstance<PaymentFormValues>, 'getFieldValue' | 'getFieldsValue'>;

interface PaymentFormProps extends PaymentShortcuts {
  payment: PaymentRow | null;
  onClose: () => void;
  save: ReturnType<typeof useSavePayment>;
  defaultClient: ClientOption | null;
}

const fields = paymentFieldsSchema.shape;

function PaymentForm({ payment, onClose, save, defaultClient, newClientPanel, newAddressPanel }: PaymentFormProps) {
  const { session } = useSession();
  const permissions = session?.permissions ?? [];
  const ownClientId = session?.user.client_id ?? null;
  const staff = ownClientId === null;
  const editing = payment !== null;
  const [form] = Form.useForm<PaymentFormValues>();
  const initial = useMemo(
    () => initialValues(payment, ownClientId, session?.user.correlative_id ?? null, defaultClient?.id ?? null),
    [payment, ownClientId, defaultClient?.id, session?.user.correlative_id],
  );

  // Only the fields others depend on are watched; until the form is connected a watch answers undefined.
  const or = <T,>(watched: T | undefined, fallback: T): T => (watched === undefined ? fallback : watched);
  const clientId = or(Form.useWatch('client_id', form), initial.client_id);
  const addressId = or(Form.useWatch('address_payment_id', form), initial.address_payment_id);
  const monthType = or(Form.useWatch('type_payment_month', form), initial.type_payment_month);
  const payDebt = or(Form.useWatch('pay_total_debt', form), initial.pay_total_debt);
  const months = or(Form.useWatch('months_payment', form), initial.months_payment);
  const methodId = or(Form.useWatch('payment_method_id', form), initial.payment_method_id);
  const rateId = or(Form.useWatch('exchange_rate_id', form), initial.exchange_rate_id);
  const rate = or(Form.useWatch('exchange_rate', form), initial.exchange_rate);
  const retention = or(Form.useWatch('is_apply_retention', form), initial.is_apply_retention);
  const sendInvoice = or(Form.useWatch('send_invoice', form), initial.send_invoice);
  const ticketId = or(Form.useWatch('tickets_payment_id', form), initial.tickets_payment_id);

  const methods = useOptionList('methods', findMethodOptions);
  const banks = useOptionList('banks', findBankOptions);
  // Spec 02 §5: without use_all_series only the user's own series is offered.
  const { options: serieOptions } = useSerieOptions(staff, payment?.serie ?? null);
  const rates = useOptionList('rates', findRates);
  const addresses = useClientAddresses(clientId);
  const tickets = useTicketOptions(addressId, staff && addressId !== null);

  // The chosen client with its contact data: the edited payment's, the client user's own, or the picked one.
  const [client, setClient] = useState<ClientOption | null>(payment ? { ...payment.client, type: payment.client.type } : defaultClient);
  const own = useQuery({
    queryKey: paymentKeys.options('clients', 'own'),
    queryFn: ({ signal }) => findClientOptions('', signal),
    enabled: !staff,
  });
  const chosenClient = staff ? client : (own.data?.find((row) => row.id === ownClientId) ?? client);

  const address: AddressRow | undefined = addresses.data?.find((row) => row.id === addressId);
  const method = methods.data?.find((row) => row.id === methodId);
  const shown = methodFields(method);
  const facts = methodFacts(method);
  const commercial = address?.type === 1;
  const keep = payment && payment.address_payment_id === addressId && payment.type_payment_month === 0 ? payment.months_payment : null;
  const calendar = useMemo(() => (address ? panelMonths(address, payment?.id ?? null, payment?.months_payment ?? []) : null), [address, payment]);
  const typeMonths: Month[] = keep ?? (calendar?.currentTypeMonth ? [calendar.currentTypeMonth] : []);
  const monthCount = monthType === 1 ? new Set(months).size : typeMonths.length;
  const amounts = useMemo(
    () =>
      address && !blank(rate) && Number.isFinite(Number(rate))
        ? paymentAmounts({ type: address.type, fee: address.fee ?? '0', months: monthCount, rate: rate!, applyRetention: address.type === 1 && retention })
        : null,
    [address, rate, monthCount, retention],
  );
  const currency = currencyOf(rateId ?? 1);

  // Monto pagado follows the computed amount; an edited payment keeps its stored amount until something changes.
  const lastComputed = useRef<string | null>(editing ? (amounts?.amount_payment ?? null) : null);
  const computedPayment = amounts?.amount_payment ?? null;
  useEffect(() => {
    if (computedPayment === null) return;
    if (lastComputed.current === null && editing && !blank(form.getFieldValue('amount_payment'))) {
      lastComputed.current = computedPayment;
      return;
    }
    if (lastComputed.current !== computedPayment) {
      lastComputed.current = computedPayment;
      form.setFieldValue('amount_payment', computedPayment);
    }
  }, [computedPayment, editing, form]);

  // The default rate once both the address and the rates are known (spec 02 §9).
  useEffect(() => {
    if (!address || !rates.data || !blank(form.getFieldValue('exchange_rate'))) return;
    const choice = defaultRate(address.type, rates.data);
    form.setFieldsValue({ exchange_rate_id: choice.id, exchange_rate: choice.rate });
  }, [address, rates.data, form]);

  const ticketOptions = useMemo(() => {
    const rows = (tickets.data ?? []).filter((ticket) => ticket.status || ticket.id === payment?.tickets_payment_id);
    const list = rows.map((ticket) => ({ value: ticket.id, label: ticket.name, color: ticket.color }));
    const delivered = payment?.tickets_delivered[0]?.tickets_payment;
    if (delivered && !list.some((option) => option.value === delivered.id))
      list.unshift({ value: delivered.id, label: delivered.name, color: delivered.color });
    return list;
  }, [tickets.data, payment]);

  // Spec 02 §5 rules that depend on the method and other fields, with the server's messages.
  const ruleFor =
    (field: string): Rule =>
    (view: FormView) => ({
      validator: async () => {
        const values = view.getFieldsValue(true) as PaymentFormValues;
        const current = methodFacts(methods.data?.find((row) => row.id === values.payment_method_id));
        const issues = paymentRuleIssues(
          {
            reference: trimmed(values.reference),
            terminal: trimmed(values.terminal),
            lot_number: trimmed(values.lot_number),
            bank_id: values.bank_id ?? null,
            serie_id: values.serie_id ?? null,
            number: trimmed(values.number),
            send_invoice: values.send_invoice,
            type_payment_month: values.type_payment_month,
            months_payment: values.months_payment ?? [],
          },
          current,
        );
        const message = issues[field];
        if (message) throw new Error(message);
      },
    });
  const rateRule: Rule = (view: FormView) => ({
    validator: async () => {
      const parsed = fields.exchange_rate.safeParse(view.getFieldValue('exchange_rate'));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  });

  const rules = {
    client_id: [zodRule(fields.client_id)],
    address_payment_id: [zodRule(fields.address_payment_id)],
    status: [zodRule(fields.status)],
    payment_method_id: [zodRule(fields.payment_method_id)],
    date_payment: [zodRule(fields.date_payment, dayToWire)],
    date_bill: [zodRule(fields.date_bill, dayToWire)],
    amount_payment: [zodRule(fields.amount_payment)],
    reference: [zodRule(fields.reference), ruleFor('reference')],
    terminal: [zodRule(fields.terminal), ruleFor('terminal')],
    lot_number: [zodRule(fields.lot_number), ruleFor('lot_number')],
    bank_id: [ruleFor('bank_id')],
    serie_id: [ruleFor('serie_id')],
    number: [zodRule(fields.number), ruleFor('number')],
    checkbook_number: [zodRule(fields.checkbook_number)],
    observations: [zodRule(fields.observations)],
    ticket_serial: [zodRule(fields.ticket_serial)],
    months_payment: [ruleFor('months_payment')],
  };

  // Contact update before submit (spec 02 §2): the values wait while the dialog is open.
  const [contactOpen, setContactOpen] = useState(false);
  const [held, setHeld] = useState<PaymentFormValues | null>(null);
  const missingContact = chosenClient !== null && (!chosenClient.email || chosenClient.phone.length === 0);
  const [shortcut, setShortcutState] = useState<'client' | 'address' | null>(null);
  // Each opening of a shortcut mounts its panel anew, so it starts empty (as useRecordPanels' formKey).
  const [openings, setOpenings] = useState(0);
  const setShortcut = (next: 'client' | 'address' | null) => {
    if (next) setOpenings((count) => count + 1);
    setShortcutState(next);
  };

  function send(values: PaymentFormValues) {
    const serie = serieOptions.find((option) => option.value === values.serie_id)?.label ?? null;
    save.mutate(toPaymentInput(values, { payment, ownClientId, method: methods.data?.find((row) => row.id === values.payment_method_id), amounts, serie }), {
      onSuccess: onClose,
      onError: (error) => applyServerErrors(form, error),
    });
  }

  function submit() {
    const values = form.getFieldsValue(true) as PaymentFormValues;
    if (missingContact) {
      setHeld(values);
      setContactOpen(true);
      return;
    }
    send(values);
  }

  function onValuesChange(changed: Partial<PaymentFormValues>) {
    if ('client_id' in changed) {
      form.setFieldsValue({
        address_payment_id: null,
        months_payment: [],
        pay_total_debt: false,
        tickets_payment_id: null,
        ticket_serial: '',
        exchange_rate: null,
        is_apply_retention: false,
      });
    }
    if ('address_payment_id' in changed) {
      const next = addresses.data?.find((row) => row.id === changed.address_payment_id);
      const choice = next && rates.data ? defaultRate(next.type, rates.data) : null;
      form.setFieldsValue({
        months_payment: [],
        pay_total_debt: false,
        tickets_payment_id: null,
        ticket_serial: '',
        is_apply_retention: false,
        exchange_rate_id: choice?.id ?? null,
        exchange_rate: choice?.rate ?? null,
      });
    }
    if ('type_payment_month' in changed && changed.type_payment_month === 0) form.setFieldsValue({ months_payment: [] });
    if ('pay_total_debt' in changed) {
      // Spec 02 §4: the whole debt forces "Otros meses", locks the selector and fills every unpaid month.
      if (changed.pay_total_debt) form.setFieldsValue({ type_payment_month: 1, months_payment: calendar?.unpaid ?? [] });
      void form.validateFields(['months_payment']).catch(() => undefined);
    }
    if ('exchange_rate_id' in changed && changed.exchange_rate_id && rates.data)
      form.setFieldValue('exchange_rate', rateOf(changed.exchange_rate_id, rates.data));
    if ('send_invoice' in changed && changed.send_invoice) form.setFields([{ name: 'number', value: '', errors: [] }]);
    if ('payment_method_id' in changed) form.setFields((['reference', 'terminal', 'lot_number', 'bank_id'] as const).map((name) => ({ name, errors: [] })));
  }

  const canNewClient = staff && hasPermission(permissions, 'add_client') && Boolean(newClientPanel);
  const canNewAddress =
    (!staff || (hasPermission(permissions, 'add_address_payment') && hasPermission(permissions, ['add_client', 'edit_client']))) && Boolean(newAddressPanel);
  const rateOptions = rates.data
    ? [
        { value: 1, label: `Dólar: ${formatMoney(rates.data.dollar_rate)}` },
        { value: 2, label: `Euro: ${formatMoney(rates.data.euro_rate)}` },
      ]
    : [];
  const storedRateDiffers =
    payment && rateId === payment.exchange_rate_id && rate === payment.exchange_rate && rates.data && rateOf(rateId, rates.data) !== rate;

  return (
    <>
      <Form<PaymentFormValues>
        name={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={onValuesChange}
        initialValues={initial}
        disabled={save.isPending}
        requiredMark
      >
        {staff && (
          <Form.Item
            label={
              <Flex gap={8} align="center">
                <span>Cliente</span>
                {canNewClient && (
                  <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setShortcut('client')}>
                    Nuevo cliente
                  </Button>
                )}
              </Flex>
            }
            name="client_id"
            rules={rules.client_id}
            required
          >
            <ClientSelect chosen={client} onPick={setClient} />
          </Form.Item>
        )}
        {missingContact && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={paymentPanelTexts.contactAlert}
            action={
              <Button size="small" danger onClick={() => setContactOpen(true)}>
                Actualizar contacto
              </Button>
            }
          />
        )}
        <Form.Item
          label={
            <Flex gap={8} align="center">
              <span>Dirección de pago</span>
              {canNewAddress && chosenClient !== null && (
                <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setShortcut('address')}>
                  Nueva dirección
                </Button>
              )}
            </Flex>
          }
          name="address_payment_id"
          rules={rules.address_payment_id}
          required
          extra={address ? `${ADDRESS_TYPES[address.type]} · Tarifa ${formatMoney(address.fee, '$')} · Meses por pagar: ${address.months_to_pay}` : undefined}
        >
          <Select<number>
            allowClear
            disabled={clientId === null}
            placeholder={clientId === null ? 'Selecciona primero el cliente' : 'Seleccionar'}
            loading={addresses.isFetching}
            notFoundContent={addresses.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
            options={(addresses.data ?? []).map((row) => ({ value: row.id, label: `${row.address} (${ADDRESS_TYPES[row.type]})` }))}
            onChange={(next) => form.setFieldValue('address_payment_id', next ?? null)}
          />
        </Form.Item>

        {address && calendar && (
          <>
            <Flex gap={16} align="end" wrap>
              <Form.Item label="Meses a pagar" name="type_payment_month">
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  disabled={payDebt}
                  options={([0, 1] as const).map((type) => ({ value: type, label: PAYMENT_MONTH_TYPES[type] }))}
                />
              </Form.Item>
              <Form.Item name="pay_total_debt" valuePropName="checked">
                <Checkbox disabled={calendar.unpaid.length === 0}>
                  Pagar deuda total ({calendar.unpaid.length} {calendar.unpaid.length === 1 ? 'mes' : 'meses'})
                </Checkbox>
              </Form.Item>
            </Flex>
            {monthType === 0 && (
              <Typography.Paragraph>
                {typeMonths.length ? (
                  <>
                    Se paga el mes <Tag color="gold">{typeMonths.map(monthLabel).join(', ')}</Tag>
                  </>
                ) : (
                  <Typography.Text type="danger">La dirección no tiene meses por pagar hasta diciembre.</Typography.Text>
                )}
              </Typography.Paragraph>
            )}
            <Form.Item
              name="months_payment"
              rules={rules.months_payment}
              dependencies={['type_payment_month']}
              label={monthType === 1 ? `Meses seleccionados: ${months.length ? [...months].sort().map(monthLabel).join(', ') : 'ninguno'}` : undefined}
            >
              <MonthsInput years={calendar.years} readOnly={monthType === 0 || payDebt} />
            </Form.Item>
          </>
        )}

        <Divider titlePlacement="start" plain>
          Datos del pago
        </Divider>
        <Row gutter={16}>
          {staff ? (
            <Col xs={24} sm={12}>
              <Form.Item label="Estatus" name="status" rules={rules.status} required extra={editing ? paymentPanelTexts.statusByActions : undefined}>
                <Select<PaymentStatus>
                  disabled={editing}
                  options={(editing ? ([0, 1, 2] as const) : ([1, 0] as const)).map((status) => ({ value: status, label: PAYMENT_STATUS[status] }))}
                />
              </Form.Item>
            </Col>
          ) : (
            <Col span={24}>
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title={paymentPanelTexts.clientStatus} />
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item label="Método de pago" name="payment_method_id" rules={rules.payment_method_id} required>
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Seleccionar"
                loading={methods.isFetching}
                notFoundContent={EMPTY_SELECT_TEXT}
                options={(methods.data ?? []).map((row) => ({ value: row.id, label: row.name }))}
              />
            </Form.Item>
          </Col>
          {shown.reference && (
            <Col xs={24} sm={12}>
              <Form.Item label="Referencia" name="reference" rules={rules.reference} dependencies={['payment_method_id']} required>
                <Input maxLength={50} autoComplete="off" />
              </Form.Item>
            </Col>
          )}
          {shown.terminal && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item label="Terminal" name="terminal" rules={rules.terminal} dependencies={['payment_method_id']} required>
                  <Input maxLength={50} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Lote" name="lot_number" rules={rules.lot_number} dependencies={['payment_method_id']} required>
                  <Input maxLength={50} autoComplete="off" />
                </Form.Item>
              </Col>
            </>
          )}
          {shown.bank && (
            <Col xs={24} sm={12}>
              <Form.Item label="Banco de origen" name="bank_id" rules={rules.bank_id} dependencies={['payment_method_id']} required={facts?.usesBankApi}>
                <Select<number>
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder="Seleccionar"
                  notFoundContent={EMPTY_SELECT_TEXT}
                  options={(banks.data ?? []).map((bank) => ({ value: bank.id, label: `${bank.code} - ${bank.name}` }))}
                />
              </Form.Item>
            </Col>
          )}
          {(shown.bank || facts?.usesBankApi) && (
            <Col xs={24} sm={12}>
              <Form.Item label=" " colon={false}>
                {/* The bank validation modal (spec 02 §2) comes with its own issue; the seam is this button. */}
                <Tooltip title={paymentPanelTexts.bdvSoon}>
                  <Button icon={<SafetyCertificateOutlined />} disabled>
                    {paymentPanelTexts.bdv}
                  </Button>
                </Tooltip>
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item label="Fecha de pago" name="date_payment" rules={rules.date_payment} required>
              <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={afterToday} />
            </Form.Item>
          </Col>
          {staff && (
            <Col xs={24} sm={12}>
              <Form.Item label="Fecha de factura" name="date_bill" rules={rules.date_bill}>
                <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={afterToday} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              label="Tasa de cambio"
              name="exchange_rate_id"
              rules={[rateRule]}
              required
              extra={storedRateDiffers ? `Tasa del pago: ${formatMoney(rate)}` : staff ? undefined : 'La tasa la fija Recaudo según el tipo de dirección.'}
            >
              <Select<number> disabled={!staff} placeholder="Seleccionar" loading={rates.isFetching} options={rateOptions} />
            </Form.Item>
            <Form.Item name="exchange_rate" hidden>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Monto pagado" name="amount_payment" rules={rules.amount_payment} required>
              <MoneyInput prefix="BS" />
            </Form.Item>
          </Col>
          {commercial && (
            <Col span={24}>
              <Form.Item name="is_apply_retention" valuePropName="checked">
                <Checkbox>Aplicar retención (75 % del IVA)</Checkbox>
              </Form.Item>
            </Col>
          )}
        </Row>

        {address && <AmountSummary amounts={amounts} fee={address.fee} months={monthCount} commercial={commercial} currency={currency} />}

        {staff && (
          <>
            <Divider titlePlacement="start" plain>
              Facturación
            </Divider>
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  label="Serie"
                  name="serie_id"
                  rules={rules.serie_id}
                  required
                  extra={payment?.number_correlative ? `Documento Nº ${payment.number_correlative}: la serie no cambia.` : undefined}
                >
                  <SerieSelect disabled={Boolean(payment?.number_correlative)} options={serieOptions} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Nº de chequera" name="checkbook_number" rules={rules.checkbook_number}>
                  <Input maxLength={30} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  label="Enviar factura digital"
                  name="send_invoice"
                  valuePropName="checked"
                  extra="El número de control lo asigna el proveedor de facturas."
                >
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Nº de control" name="number" rules={rules.number} dependencies={['send_invoice']} required={!sendInvoice}>
                  <Input
                    maxLength={8}
                    inputMode="numeric"
                    autoComplete="off"
                    disabled={sendInvoice}
                    placeholder={sendInvoice ? 'Lo asigna la factura digital' : '8 dígitos'}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Ticket" name="tickets_payment_id">
                  <Select<number>
                    allowClear
                    disabled={addressId === null}
                    placeholder={addressId === null ? 'Selecciona primero la dirección' : 'Seleccionar'}
                    notFoundContent={tickets.isFetching ? <Spin size="small" /> : EMPTY_SELECT_TEXT}
                    options={ticketOptions.map((option) => ({
                      value: option.value,
                      label: (
                        <Flex gap={6} align="center">
                          <span aria-hidden style={{ width: 12, height: 12, borderRadius: 2, background: option.color, display: 'inline-block' }} />
                          {option.label}
                        </Flex>
                      ),
                      title: option.label,
                    }))}
                  />
                </Form.Item>
              </Col>
              {ticketId !== null && (
                <Col xs={24} sm={12}>
                  <Form.Item label="Serial del ticket" name="ticket_serial" rules={rules.ticket_serial}>
                    <Input maxLength={50} autoComplete="off" />
                  </Form.Item>
                </Col>
              )}
            </Row>
          </>
        )}

        <Form.Item label="Observaciones" name="observations" rules={rules.observations}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item label="Archivos" name="files" valuePropName="value" extra={`Imágenes del comprobante, hasta ${MAX_FILES}.`}>
          <FilesInput />
        </Form.Item>
      </Form>

      <ContactDialog
        open={contactOpen}
        client={chosenClient}
        onCancel={() => {
          setContactOpen(false);
          setHeld(null);
        }}
        onSaved={(contact) => {
          setContactOpen(false);
          if (chosenClient) setClient({ ...chosenClient, ...contact });
          const values = held;
          setHeld(null);
          if (values) send(values);
        }}
      />
      <Fragment key={`client-${openings}`}>
        {newClientPanel?.({
          open: shortcut === 'client',
          onClose: () => setShortcut(null),
          onCreated: (created) => {
            setShortcut(null);
            setClient(created);
            form.setFieldsValue({ client_id: created.id });
            onValuesChange({ client_id: created.id });
          },
        })}
      </Fragment>
      <Fragment key={`address-${openings}`}>
        {chosenClient !== null &&
          newAddressPanel?.({
            open: shortcut === 'address',
            client: chosenClient,
            onClose: () => setShortcut(null),
            onCreated: (createdId) => {
              setShortcut(null);
              form.setFieldsValue({ address_payment_id: createdId });
              onValuesChange({ address_payment_id: createdId });
            },
          })}
      </Fragment>
    </>
  );
}

/** The amounts of spec 02 §9 as the server will store them, live from the domain's `paymentAmounts`. */
function AmountSummary({
  amounts,
  fee,
  months,
  commercial,
  currency,
}: {
  amounts: Amounts | null;
  fee: string | null;
  months: number;
  commercial: boolean;
  currency: '$' | '€';
}) {
  if (!amounts) return <Typography.Paragraph type="secondary">Elige la tasa de cambio para ver los montos.</Typography.Paragraph>;
  const line = (label: string, value: ReactNode, strong = false) => (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type={strong ? undefined : 'secondary'}>{label}</Typography.Text>
      <Typography.Text strong={strong}>{value}</Typography.Text>
    </Flex>
  );
  return (
    <section aria-label="Resumen de montos" style={{ border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8, padding: 12, marginBottom: 16 }}>
      {line('Tarifa mensual', `${formatMoney(fee ?? 0, currency)} × ${months} ${months === 1 ? 'mes' : 'meses'}`)}
      {line('Base imponible', formatMoney(amounts.tax_base, currency))}
      {commercial && line('IVA (16 %)', formatMoney(amounts.iva, currency))}
      {commercial && line('Retención (75 % del IVA)', formatMoney(amounts.retention, currency))}
      {line('Total factura', `${formatMoney(amounts.dollar_amount_bill, currency)} · ${formatMoney(amounts.amount_bill)}`)}
      {line('Monto a pagar', `${formatMoney(amounts.dollar_amount_payment, currency)} · ${formatMoney(amounts.amount_payment)}`, true)}
    </section>
  );
}
