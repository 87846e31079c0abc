import { BUSINESS_TIME_ZONE, caracas, dayjs } from '@recaudo/domain/dates';
import { communityFieldsSchema, municipalityFieldsSchema, parishFieldsSchema, stateFieldsSchema, type RegionalUnit } from '@recaudo/domain/regional';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import type { Dayjs } from 'dayjs';
import { EffectiveMonthItem, effectiveMonthToWire, FeeHistoryList } from '../../components/fee-since';
import { LateFeeFormFields, lateFeeInitialValues, lateFeeToWire, type LateFeeFormValues } from '../../components/late-fee-fields';
import { MoneyInput } from '../../components/money-input';
import { PhoneInput } from '../../components/phone-input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSaveUnit, type CommunityRow, type MunicipalityRow, type ParishRow, type RegionalInputs, type RegionalRow } from './api';
import { RegionSelect } from './region-select';
import { UNITS } from './units';

/** What the panel's inputs hold; `toInput` turns it into the API's payload. */
export interface RegionalFormValues extends LateFeeFormValues {
  name: string;
  state_id?: number;
  municipality_id?: number;
  parish_id?: number;
  date_start?: Dayjs | null;
  number_houses?: number | null;
  responsible_name?: string | null;
  responsible_phone?: string | null;
  fee?: string | null;
  /** An edited community's fee applies from this month (issue 50). */
  effective_month?: Dayjs | null;
}

const DATE_FORMAT = 'DD-MM-YYYY';
const isDay = (value: unknown): value is Dayjs => dayjs.isDayjs(value);
const dayToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM-DD') : value);

// Rules come from the same zod fields the server validates with, so the messages match (DESIGN §6).
const rules = {
  name: [zodRule(stateFieldsSchema.shape.name)],
  state_id: [zodRule(municipalityFieldsSchema.shape.state_id)],
  municipality_id: [zodRule(parishFieldsSchema.shape.municipality_id)],
  parish_id: [zodRule(communityFieldsSchema.shape.parish_id)],
  date_start: [zodRule(parishFieldsSchema.shape.date_start, dayToWire)],
  number_houses: [zodRule(communityFieldsSchema.shape.number_houses)],
  responsible_name: [zodRule(communityFieldsSchema.shape.responsible_name)],
  responsible_phone: [zodRule(communityFieldsSchema.shape.responsible_phone)],
  fee: [zodRule(communityFieldsSchema.shape.fee)],
};

const LEVEL: Record<RegionalUnit, number> = { states: 0, municipalities: 1, parishes: 2, communities: 3 };

function initialValues(unit: RegionalUnit, row: RegionalRow | null): Partial<RegionalFormValues> | undefined {
  if (!row) return undefined;
  const values: Partial<RegionalFormValues> = { name: row.name };
  if (LEVEL[unit] >= 1) values.state_id = (row as MunicipalityRow).state_id;
  if (LEVEL[unit] >= 2) {
    values.municipality_id = (row as ParishRow).municipality_id;
    values.date_start = dayjs.tz((row as ParishRow).date_start, BUSINESS_TIME_ZONE);
  }
  if (unit === 'communities') {
    const community = row as CommunityRow;
    Object.assign(values, {
      parish_id: community.parish_id,
      number_houses: community.number_houses,
      responsible_name: community.responsible_name,
      responsible_phone: community.responsible_phone,
      fee: community.fee,
      ...lateFeeInitialValues(community),
    });
  }
  return values;
}

/** The form's values as `{unit}/store` and `{unit}/update` take them (the whole parent chain). */
export function toInput(unit: RegionalUnit, values: RegionalFormValues): RegionalInputs[RegionalUnit] {
  const name = values.name.trim();
  const date_start = isDay(values.date_start) ? values.date_start.format('YYYY-MM-DD') : '';
  switch (unit) {
    case 'states':
      return { name };
    case 'municipalities':
      return { name, state_id: values.state_id! };
    case 'parishes':
      return { name, state_id: values.state_id!, municipality_id: values.municipality_id!, date_start };
    case 'communities':
      return {
        name,
        state_id: values.state_id!,
        municipality_id: values.municipality_id!,
        parish_id: values.parish_id!,
        number_houses: values.number_houses!,
        responsible_name: values.responsible_name?.trim() ? values.responsible_name.trim() : null,
        responsible_phone: values.responsible_phone ? values.responsible_phone : null,
        fee: values.fee ?? '',
        date_start,
        ...lateFeeToWire(values),
      };
  }
}

interface RegionalFormPanelProps {
  unit: RegionalUnit;
  open: boolean;
  /** The row being edited; null adds a new one. */
  row: RegionalRow | null;
  onClose: () => void;
}

/**
 * Add or edit one regional unit: Nombre, the state → municipality → parish cascade, the start
 * date (parish: commercial service, community: residential service, not after today) and the
 * community's houses, responsible, phone (+58 mask) and fee. 422 errors land on the fields.
 */
export function RegionalFormPanel({ unit, open, row, onClose }: RegionalFormPanelProps) {
  const config = UNITS[unit];
  const formId = `${unit}-form`;
  const [form] = Form.useForm<RegionalFormValues>();
  const save = useSaveUnit(unit);
  const stateId = Form.useWatch('state_id', form);
  const municipalityId = Form.useWatch('municipality_id', form);
  const level = LEVEL[unit];
  const today = caracas().endOf('day');

  function submit(values: RegionalFormValues) {
    const feeSince = row && unit === 'communities' ? { effective_month: effectiveMonthToWire(values.effective_month) } : {};
    const input = { ...toInput(unit, values), id: row?.id, ...feeSince } as RegionalInputs[RegionalUnit] & { id?: number };
    save.mutate(input as never, {
      onSuccess: onClose,
      onError: (error) => applyServerErrors(form, error),
    });
  }

  /** A new parent empties the levels below it. */
  function onValuesChange(changed: Partial<RegionalFormValues>) {
    if ('state_id' in changed) form.setFieldsValue({ municipality_id: undefined, parish_id: undefined });
    if ('municipality_id' in changed) form.setFieldsValue({ parish_id: undefined });
  }

  const parish = row as ParishRow | null;
  const community = row as CommunityRow | null;

  return (
    <SidePanel title={row ? config.editLabel : config.addLabel} open={open} onClose={onClose} formId={formId} submitting={save.isPending}>
      <PanelForm<RegionalFormValues>
        name={formId}
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={onValuesChange}
        initialValues={initialValues(unit, row)}
        disabled={save.isPending}
      >
        <Form.Item label="Nombre" name="name" rules={rules.name} required>
          <Input autoFocus maxLength={150} />
        </Form.Item>
        {level >= 1 && (
          <Form.Item label="Estado" name="state_id" rules={rules.state_id} required>
            <RegionSelect unit="states" parents={{}} ready fallback={parish?.state ?? (row as MunicipalityRow | null)?.state} />
          </Form.Item>
        )}
        {level >= 2 && (
          <Form.Item label="Municipio" name="municipality_id" rules={rules.municipality_id} required>
            <RegionSelect unit="municipalities" parents={{ state_id: stateId }} ready={Boolean(stateId)} fallback={parish?.municipality} />
          </Form.Item>
        )}
        {level >= 3 && (
          <Form.Item label="Parroquia" name="parish_id" rules={rules.parish_id} required>
            <RegionSelect unit="parishes" parents={{ municipality_id: municipalityId }} ready={Boolean(municipalityId)} fallback={community?.parish} />
          </Form.Item>
        )}
        {unit === 'communities' && (
          <>
            <Form.Item label="Número de casas" name="number_houses" rules={rules.number_houses} required>
              <InputNumber controls={false} style={{ width: '100%' }} min={0} />
            </Form.Item>
            <Form.Item label="Nombre del responsable" name="responsible_name" rules={rules.responsible_name}>
              <Input maxLength={150} />
            </Form.Item>
            <Form.Item label="Teléfono del responsable" name="responsible_phone" rules={rules.responsible_phone}>
              <PhoneInput />
            </Form.Item>
            <Form.Item label="Tarifa" name="fee" rules={rules.fee} required>
              <MoneyInput prefix="$" />
            </Form.Item>
            {row && <EffectiveMonthItem />}
            <LateFeeFormFields />
            {row && <FeeHistoryList ownerType="community" ownerId={row.id} />}
          </>
        )}
        {level >= 2 && (
          <Form.Item
            label="Fecha de inicio"
            extra={unit === 'parishes' ? 'Inicio del servicio comercial.' : 'Inicio del servicio residencial.'}
            name="date_start"
            rules={rules.date_start}
            required
          >
            <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} disabledDate={(day) => day.isAfter(today)} />
          </Form.Item>
        )}
      </PanelForm>
    </SidePanel>
  );
}
