import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { CLOSED_BOX_TYPES, closedBoxFieldsSchema, closedBoxMessages } from '@recaudo/domain/closed-boxes';
import { dayjs, todayInCaracas } from '@recaudo/domain/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { moneyField } from '@recaudo/domain/money-field';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@recaudo/domain/tenders';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { MoneyInput } from '../../components/money-input';
import { useOptionList } from '../../components/option-list';
import { findExchangeRates, findSerieOptions, findUserOptions } from '../../components/select-options';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { HttpError } from '../../lib/http';
import { applyServerErrors, zodRule } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { closedBoxKeys, importClosedBox, useSaveClosedBox, type ClosedBoxInput, type ClosedBoxListRow } from './api';

const FORM_ID = 'closed-box-form';
const DATE_FORMAT = 'DD-MM-YYYY';

interface ClosingFormValues {
  date: Dayjs | null;
  user_id: number | null;
  serie: number | null;
  checkbook_number?: string;
  exchange_rate: string | null;
  type: 0 | 1;
  lot_number?: string;
  reference?: string;
  /** The cash counted in the drawer, per currency (issue 49); blank: not counted. */
  counted?: Partial<Record<Currency, string | null>>;
}

/** The counted cash as the API takes it: only the currencies counted (`{"USD": "35.00"}`). */
const countedCashOf = (counted: ClosingFormValues['counted']) =>
  JSON.stringify(Object.fromEntries(CURRENCIES.flatMap((currency) => (counted?.[currency] ? [[currency, counted[currency]]] : []))));

/** A 422 on `counted_cash.USD` lands on the dollar input. */
const countedField = (name: string) => {
  const currency = /^counted_cash\.(VES|USD|EUR)$/.exec(name)?.[1];
  return currency ? ['counted', currency] : null;
};

const countedRule = moneyField('Efectivo contado').nullable().optional();
const dayToWire = (value: unknown) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value);
const shape = closedBoxFieldsSchema.shape;
const rules = {
  date: [zodRule(shape.date, dayToWire)],
  user_id: [zodRule(shape.user_id)],
  serie: [zodRule(shape.serie)],
  checkbook_number: [zodRule(shape.checkbook_number)],
  exchange_rate: [zodRule(shape.exchange_rate)],
  lot_number: [zodRule(shape.lot_number)],
  reference: [zodRule(shape.reference)],
};

export type ClosingPanelMode = 'new' | 'edit' | 'import';

interface ClosedBoxFormPanelProps {
  open: boolean;
  mode: ClosingPanelMode;
  closing: ClosedBoxListRow | null;
  onClose: () => void;
}

const TITLES: Record<ClosingPanelMode, string> = { new: 'Nuevo cierre de caja', edit: 'Editar cierre de caja', import: 'Importar cierre de caja' };

/**
 * The closing panels (spec 02 §5): date (not in the future), responsible, serie, checkbook number
 * (not on import), exchange rate (2 decimals, not negative), type only at creation, lot number,
 * reference and a file; the import takes a CSV instead. An edit sends the version it read, so a
 * closing changed meanwhile by someone else is refused (409) instead of overwritten.
 */
export function ClosedBoxFormPanel({ open, mode, closing, onClose }: ClosedBoxFormPanelProps) {
  const save = useSaveClosedBox();
  const [importing, setImporting] = useState(false);
  return (
    <SidePanel
      title={TITLES[mode]}
      open={open}
      onClose={onClose}
      formId={FORM_ID}
      submitting={save.isPending || importing}
      submitLabel={mode === 'import' ? 'Importar' : 'Guardar'}
    >
      <ClosingForm mode={mode} closing={closing} save={save} onClose={onClose} setImporting={setImporting} />
    </SidePanel>
  );
}

function ClosingForm({
  mode,
  closing,
  save,
  onClose,
  setImporting,
}: {
  mode: ClosingPanelMode;
  closing: ClosedBoxListRow | null;
  save: ReturnType<typeof useSaveClosedBox>;
  onClose: () => void;
  setImporting: (value: boolean) => void;
}) {
  const [form] = Form.useForm<ClosingFormValues>();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The server answers 50 users matching the typed name; the closing's own responsible stays listed.
  const [userSearch, setUserSearch] = useState('');
  const debouncedUserSearch = useDebouncedValue(userSearch);
  const users = useQuery({ queryKey: [...closedBoxKeys.all, 'users-options', debouncedUserSearch], queryFn: ({ signal }) => findUserOptions(debouncedUserSearch, signal) });
  const userOptions = [...(closing?.user && !users.data?.some((user) => user.id === closing.user!.id) ? [closing.user] : []), ...(users.data ?? [])];
  const series = useQuery({ queryKey: [...closedBoxKeys.all, 'serie-options'], queryFn: ({ signal }) => findSerieOptions(signal) });
  const today = todayInCaracas();
  // A new closing starts from today's dollar rate (Tasas de Cambio) and the cashier's own series.
  const rates = useOptionList('rates', findExchangeRates, mode === 'new');
  useEffect(() => {
    if (mode === 'new' && rates.data && !form.getFieldValue('exchange_rate')) form.setFieldValue('exchange_rate', rates.data.dollar_rate);
  }, [mode, rates.data, form]);

  const initial: ClosingFormValues = closing
    ? {
        date: dayjs(closing.date),
        user_id: closing.user_id,
        serie: closing.serie_id,
        checkbook_number: closing.checkbook_number ?? '',
        exchange_rate: closing.exchange_rate,
        type: closing.type,
        lot_number: closing.lot_number ?? '',
        reference: closing.reference ?? '',
        counted: closing.counted_cash,
      }
    : { date: dayjs(today), user_id: session?.user.id ?? null, serie: session?.user.correlative_id ?? null, exchange_rate: rates.data?.dollar_rate ?? null, type: 0 };

  async function submit(values: ClosingFormValues) {
    const input: ClosedBoxInput = {
      date: String(dayToWire(values.date)),
      user_id: Number(values.user_id),
      serie: Number(values.serie),
      exchange_rate: String(values.exchange_rate),
      type: values.type,
      lot_number: values.lot_number?.trim() || null,
      reference: values.reference?.trim() || null,
      counted_cash: countedCashOf(values.counted),
      file,
    };
    if (mode !== 'import') {
      save.mutate(
        { ...input, checkbook_number: values.checkbook_number?.trim() ?? '', id: closing?.id, version: closing?.version },
        { onSuccess: onClose, onError: (error) => applyServerErrors(form, error, countedField) },
      );
      return;
    }
    if (!file) return setFileError(closedBoxMessages.csvRequired);
    if (!/\.csv$/i.test(file.name)) return setFileError(closedBoxMessages.csvOnly);
    setImporting(true);
    try {
      const answer = await importClosedBox(input);
      notify.warning(answer.message);
      await queryClient.invalidateQueries({ queryKey: closedBoxKeys.all });
      onClose();
    } catch (error) {
      const lines = error instanceof HttpError ? (error.errors.file ?? []) : [];
      notify.warning(error instanceof Error ? error.message : String(error), lines);
      applyServerErrors(form, error);
    } finally {
      setImporting(false);
    }
  }

  return (
    <PanelForm<ClosingFormValues> id={FORM_ID} form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)}>
      <Form.Item label="Fecha" name="date" rules={rules.date} required>
        <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(day) => day.format('YYYY-MM-DD') > today} />
      </Form.Item>
      <Form.Item label="Responsable" name="user_id" rules={rules.user_id} required>
        <Select
          showSearch={{ filterOption: false, onSearch: setUserSearch }}
          loading={users.isFetching}
          options={userOptions.map((user) => ({ value: user.id, label: user.name }))}
          notFoundContent="No se han encontrado datos"
        />
      </Form.Item>
      <Form.Item label="Serie" name="serie" rules={rules.serie} required>
        <Select
          loading={series.isFetching}
          options={(series.data ?? []).map((serie) => ({ value: serie.id, label: serie.serie }))}
          notFoundContent="No se han encontrado datos"
        />
      </Form.Item>
      {mode !== 'import' && (
        <Form.Item label="Número de chequera" name="checkbook_number" rules={rules.checkbook_number} required>
          <Input maxLength={30} />
        </Form.Item>
      )}
      <Form.Item label="Tasa de cambio" name="exchange_rate" rules={rules.exchange_rate} required>
        <MoneyInput prefix="BS" />
      </Form.Item>
      <Form.Item label="Tipo" name="type">
        <Select disabled={mode === 'edit'} options={([0, 1] as const).map((type) => ({ value: type, label: CLOSED_BOX_TYPES[type] }))} />
      </Form.Item>
      <fieldset aria-label="Efectivo contado" style={{ border: 0, padding: 0, margin: 0 }}>
        <Typography.Text strong>Efectivo contado</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Lo que hay en la caja por moneda; el cierre muestra la diferencia con lo esperado.
        </Typography.Paragraph>
        {CURRENCIES.map((currency) => (
          <Form.Item key={currency} label={`Efectivo contado (${CURRENCY_SYMBOLS[currency]})`} name={['counted', currency]} rules={[zodRule(countedRule)]}>
            <MoneyInput prefix={CURRENCY_SYMBOLS[currency]} />
          </Form.Item>
        ))}
      </fieldset>
      <Form.Item label="Número de lote" name="lot_number" rules={rules.lot_number}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item label="Referencia" name="reference" rules={rules.reference}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        label={mode === 'import' ? 'Archivo CSV' : 'Archivo'}
        required={mode === 'import'}
        validateStatus={fileError ? 'error' : undefined}
        help={fileError ?? undefined}
      >
        <Upload
          accept={mode === 'import' ? '.csv,text/csv' : 'image/*,application/pdf'}
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setFileError(null);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>Seleccionar archivo</Button>
        </Upload>
      </Form.Item>
    </PanelForm>
  );
}
