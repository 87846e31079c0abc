import { ADDRESS_TYPES, addressMessages, createAddressSchema, type AddressRow, type AddressType } from '@recaudo/domain/addresses';
import { BUSINESS_TIME_ZONE, dayjs } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format-money';
import { moneyField } from '@recaudo/domain/money-field';
import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form, { type FormInstance } from 'antd/es/form';
import type { Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { MoneyInput } from '../../components/money-input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors, zodRule } from '../../lib/form';
import { useSession } from '../../lib/session';
import { clientOptionLabel, findClientOptions, type ClientOption, type Named } from '../../components/select-options';
import { findActivityOptions, findRegionOptions, useSaveAddress, type ActivityOption, type AddressInput } from './api';
import { SearchSelect, type SearchSelectOption } from './search-select';

const FORM_ID = 'address-form';
const DATE_FORMAT = 'DD-MM-YYYY';

/** What the panel's inputs hold; `toAddressInput` turns it into the API's payload. */
export interface AddressFormValues {
  client_id: number | null;
  type: AddressType;
  state_id: number | null;
  municipality_id: number | null;
  parish_id: number | null;
  community_id: number | null;
  economic_activity_id: number | null;
  is_custom_fee: boolean;
  fee: string | null;
  address: string;
  date_start: Dayjs | null;
}

type FieldName = keyof AddressFormValues;

const EMPTY: Partial<AddressFormValues> = {
  state_id: null,
  municipality_id: null,
  parish_id: null,
  community_id: null,
  economic_activity_id: null,
  is_custom_fee: false,
  fee: null,
  address: '',
  date_start: null,
};

/** Spec 01 §5: each level clears the levels below it; the client clears every address field. */
const CLEARS: Partial<Record<FieldName, FieldName[]>> = {
  client_id: ['state_id', 'municipality_id', 'parish_id', 'community_id', 'economic_activity_id', 'is_custom_fee', 'fee', 'address', 'date_start'],
  type: ['community_id', 'economic_activity_id', 'is_custom_fee', 'fee'],
  state_id: ['municipality_id', 'parish_id', 'community_id'],
  municipality_id: ['parish_id', 'community_id'],
  parish_id: ['community_id'],
  is_custom_fee: ['fee'],
};

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const isDay = (value: unknown): value is Dayjs => dayjs.isDayjs(value);
const dayToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM-DD') : value);

// Rules come from the domain schema the server validates with, so the messages match (DESIGN §6).
const fields = createAddressSchema.in.shape;
const feeField = moneyField('Tarifa', { requiredMessage: addressMessages.feeRequired });
type FormView = Pick<FormInstance, 'getFieldValue'>;
/** A rule that applies only while `when` holds for the other fields (the type, the custom-fee switch). */
const checkWhen =
  (when: (form: FormView) => boolean, check: (value: unknown) => string | undefined): Rule =>
  (form) => ({
    validator: async (_rule, value: unknown) => {
      const message = when(form) ? check(value) : undefined;
      if (message) throw new Error(message);
    },
  });
const requiredWhen = (message: string, when: (form: FormView) => boolean) => checkWhen(when, (value) => (blank(value) ? message : undefined));
const rules = {
  client_id: [zodRule(fields.client_id)],
  type: [zodRule(fields.type)],
  state_id: [zodRule(fields.state_id)],
  municipality_id: [zodRule(fields.municipality_id)],
  parish_id: [zodRule(fields.parish_id)],
  community_id: [requiredWhen(addressMessages.communityRequired, (form) => form.getFieldValue('type') === 0)],
  economic_activity_id: [requiredWhen(addressMessages.economicActivityRequired, (form) => form.getFieldValue('type') === 1)],
  fee: [
    checkWhen(
      (form) => Boolean(form.getFieldValue('is_custom_fee')),
      (value) => feeField.safeParse(value).error?.issues[0]?.message,
    ),
  ],
  address: [zodRule(fields.address)],
  date_start: [zodRule(fields.date_start, dayToWire)],
};

const typeOptions = ([0, 1] as const).map((type) => ({ value: type, label: ADDRESS_TYPES[type] }));
const named = (row: Named): SearchSelectOption => ({ value: row.id, label: row.name });
const activityLabel = (activity: Pick<ActivityOption, 'name' | 'fee'>) => `${activity.name} (${formatMoney(activity.fee, '$')})`;
const idOrNull = (value: number | null | undefined) => value ?? null;

function initialValues(address: AddressRow | null, defaultType: AddressType, ownClientId: number | null): AddressFormValues {
  // Every key is present so a 422 on any field lands on it (applyServerErrors).
  return {
    client_id: address?.client_id ?? ownClientId,
    type: address?.type ?? defaultType,
    state_id: address?.state_id ?? null,
    municipality_id: address?.municipality_id ?? null,
    parish_id: address?.parish_id ?? null,
    community_id: address?.community_id ?? null,
    economic_activity_id: address?.economic_activity_id ?? null,
    is_custom_fee: address?.is_custom_fee ?? false,
    fee: address?.is_custom_fee ? address.fee : null,
    address: address?.address ?? '',
    date_start: address?.date_start ? dayjs.tz(address.date_start, BUSINESS_TIME_ZONE) : null,
  };
}

/**
 * The form's values as addresses-payment/store and /update take them. A residential address
 * carries no activity nor custom fee, a commercial one no community; staff-only fields
 * (activity, custom fee, start date) are not sent for a client user, whose client is their own.
 */
export function toAddressInput(values: AddressFormValues, ownClientId: number | null): AddressInput {
  const staff = ownClientId === null;
  const residential = values.type === 0;
  const customFee = staff && !residential && values.is_custom_fee;
  return {
    client_id: ownClientId ?? values.client_id!,
    type: values.type,
    address: values.address.trim(),
    state_id: values.state_id!,
    municipality_id: values.municipality_id!,
    parish_id: values.parish_id!,
    community_id: residential ? idOrNull(values.community_id) : null,
    economic_activity_id: staff && !residential ? idOrNull(values.economic_activity_id) : null,
    is_custom_fee: customFee,
    fee: customFee ? values.fee : null,
    date_start: staff && isDay(values.date_start) ? values.date_start.format('YYYY-MM-DD') : null,
  };
}

interface AddressFormPanelProps {
  open: boolean;
  /** The address being edited; null adds a new one. */
  address: AddressRow | null;
  /** The type a new address starts with (the list's type selector). */
  defaultType?: AddressType;
  /** The client a new address starts with (the payment panel's "Nueva dirección"). */
  defaultClient?: Pick<ClientOption, 'id' | 'name' | 'identification_type' | 'identification'> | null;
  onClose: () => void;
  /** After a save, with the address's id (the payment panel selects a new address). */
  onSaved?: (id: number) => void;
}

/**
 * Nueva / Editar dirección (spec 01 §5 Address form): Cliente (staff; a change clears every
 * address field), Tipo (only at creation), the Estado → Municipio → Parroquia → Comunidad
 * cascade (each list under its parent, a change clears the levels below), the economic activity
 * and custom fee of a commercial address (staff only), Dirección and, for staff, the optional
 * start date. Server 422 errors land on the fields (the toast is already shown).
 */
export function AddressFormPanel({ open, address, defaultType = 0, defaultClient = null, onClose, onSaved }: AddressFormPanelProps) {
  const save = useSaveAddress();
  return (
    <SidePanel title={address ? 'Editar dirección' : 'Nueva dirección'} open={open} onClose={onClose} formId={FORM_ID} submitting={save.isPending} size={480}>
      <AddressForm address={address} defaultType={defaultType} defaultClient={defaultClient} onClose={onClose} onSaved={onSaved} save={save} />
    </SidePanel>
  );
}

/**
 * The panel's form. The SidePanel drops it when closed, so each opening gets a new form instance
 * and starts from that record's values: with one instance kept across openings, "Nueva dirección"
 * after editing a row was seen to save a copy of that row.
 */
function AddressForm({
  address,
  defaultType,
  defaultClient,
  onClose,
  onSaved,
  save,
}: Required<Omit<AddressFormPanelProps, 'open' | 'onSaved'>> & Pick<AddressFormPanelProps, 'onSaved'> & { save: ReturnType<typeof useSaveAddress> }) {
  const { session } = useSession();
  const ownClientId = session?.user.client_id ?? null;
  const staff = ownClientId === null;
  const creating = address === null;
  const [form] = Form.useForm<AddressFormValues>();
  const initial = useMemo(
    () => initialValues(address, defaultType, ownClientId ?? defaultClient?.id ?? null),
    [address, defaultType, ownClientId, defaultClient],
  );
  // Only the fields other fields depend on are watched (typing elsewhere doesn't re-render the
  // form). Until the form is connected (first render) a watch answers undefined: the initial values stand in.
  const or = <T,>(watched: T | undefined, fallback: T): T => (watched === undefined ? fallback : watched);
  const type = or(Form.useWatch('type', form), initial.type);
  const stateId = or(Form.useWatch('state_id', form), initial.state_id);
  const municipalityId = or(Form.useWatch('municipality_id', form), initial.municipality_id);
  const parishId = or(Form.useWatch('parish_id', form), initial.parish_id);
  const customFee = or(Form.useWatch('is_custom_fee', form), initial.is_custom_fee);

  function submit(submitted: AddressFormValues) {
    save.mutate(
      { ...toAddressInput({ ...form.getFieldsValue(true), ...submitted } as AddressFormValues, ownClientId), id: address?.id },
      {
        onSuccess: (answer) => {
          const id = address?.id ?? (answer.data as { id: number } | null)?.id;
          if (id !== undefined) onSaved?.(id);
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  }

  function onValuesChange(changed: Partial<AddressFormValues>) {
    const cleared = Object.keys(changed).flatMap((name) => CLEARS[name as FieldName] ?? []);
    if (cleared.length) form.setFields(cleared.map((name) => ({ name, value: EMPTY[name], errors: [] })));
  }

  return (
    <PanelForm<AddressFormValues>
      name={FORM_ID}
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={onValuesChange}
      initialValues={initial}
      disabled={save.isPending}
    >
      {staff && (
        <Form.Item label="Cliente" name="client_id" rules={rules.client_id} required>
          <SearchSelect<ClientOption>
            kind="clients"
            load={findClientOptions}
            toOption={(client) => ({ value: client.id, label: clientOptionLabel(client) })}
            fallback={
              address
                ? { value: address.client_id, label: clientOptionLabel(address.client) }
                : defaultClient
                  ? { value: defaultClient.id, label: clientOptionLabel(defaultClient) }
                  : null
            }
            placeholder="Buscar por nombre o identificación"
          />
        </Form.Item>
      )}
      <Form.Item label="Tipo" name="type" rules={rules.type} required extra={creating ? undefined : 'El tipo de dirección no se puede cambiar.'}>
        <Radio.Group options={typeOptions} optionType="button" buttonStyle="solid" disabled={!creating} />
      </Form.Item>
      <Form.Item label="Estado" name="state_id" rules={rules.state_id} required>
        <SearchSelect<Named>
          kind="states"
          load={(search, signal) => findRegionOptions('states', {}, search, signal)}
          toOption={named}
          fallback={address?.state ? named(address.state) : null}
        />
      </Form.Item>
      <Form.Item label="Municipio" name="municipality_id" rules={rules.municipality_id} required>
        <SearchSelect<Named>
          kind="municipalities"
          parents={stateId}
          ready={stateId !== null}
          waitingText="Selecciona primero el estado"
          load={(search, signal) => findRegionOptions('municipalities', { state_id: stateId ?? undefined }, search, signal)}
          toOption={named}
          fallback={address?.municipality ? named(address.municipality) : null}
        />
      </Form.Item>
      <Form.Item label="Parroquia" name="parish_id" rules={rules.parish_id} required>
        <SearchSelect<Named>
          kind="parishes"
          parents={municipalityId}
          ready={municipalityId !== null}
          waitingText="Selecciona primero el municipio"
          load={(search, signal) => findRegionOptions('parishes', { municipality_id: municipalityId ?? undefined }, search, signal)}
          toOption={named}
          fallback={address?.parish ? named(address.parish) : null}
        />
      </Form.Item>
      {type === 0 && (
        <Form.Item label="Comunidad" name="community_id" rules={rules.community_id} required>
          <SearchSelect<Named>
            kind="communities"
            parents={parishId}
            ready={parishId !== null}
            waitingText="Selecciona primero la parroquia"
            load={(search, signal) => findRegionOptions('communities', { parish_id: parishId ?? undefined }, search, signal)}
            toOption={named}
            fallback={address?.community ? named(address.community) : null}
          />
        </Form.Item>
      )}
      {type === 1 && staff && (
        <>
          <Form.Item label="Actividad económica" name="economic_activity_id" rules={rules.economic_activity_id} required>
            <SearchSelect<ActivityOption>
              kind="economic-activities"
              load={findActivityOptions}
              toOption={(activity) => ({ value: activity.id, label: activityLabel(activity) })}
              fallback={address?.economic_activity ? { value: address.economic_activity.id, label: activityLabel(address.economic_activity) } : null}
            />
          </Form.Item>
          <Form.Item label="Tarifa personalizada" name="is_custom_fee" valuePropName="checked">
            <Switch />
          </Form.Item>
          {customFee && (
            <Form.Item label="Tarifa" name="fee" rules={rules.fee} required>
              <MoneyInput prefix="$" />
            </Form.Item>
          )}
        </>
      )}
      {type === 1 && !staff && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="La actividad económica y la tarifa de una dirección comercial las asigna el personal de Recaudo."
        />
      )}
      <Form.Item label="Dirección" name="address" rules={rules.address} required>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      {staff && (
        <Form.Item
          label="Fecha de inicio"
          name="date_start"
          rules={rules.date_start}
          extra={`Opcional. Sin fecha, los meses se cuentan desde la de la ${type === 0 ? 'comunidad' : 'parroquia'}.`}
        >
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
        </Form.Item>
      )}
    </PanelForm>
  );
}
