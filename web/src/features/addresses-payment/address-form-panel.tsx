import { OPENING_LABELS, type AddressRow, type AddressType } from '@recaudo/domain/addresses';
import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import { useMemo } from 'react';
import { OwnFeeSince } from '../../components/fee-since';
import { MoneyInput } from '../../components/money-input';
import { SidePanel } from '../../components/side-panel';
import { PanelForm } from '../../components/panel-form';
import { applyServerErrors } from '../../lib/form';
import { useSession } from '../../lib/session';
import { clientOptionLabel, findClientOptions, type ClientOption, type Named } from '../../components/select-options';
import { findActivityOptions, findRegionOptions, useSaveAddress, type ActivityOption } from './api';
import { SearchSelect } from './search-select';
import { FORM_ID, DATE_FORMAT, type AddressFormValues, type FieldName, EMPTY, CLEARS, MONTH_FORMAT, rules, typeOptions, named, activityLabel, initialValues, toAddressInput, afterCurrentMonth, afterPayableLimit } from './address-form-values';

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
      { ...toAddressInput({ ...form.getFieldsValue(true), ...submitted } as AddressFormValues, ownClientId, creating), id: address?.id },
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
          {address && <OwnFeeSince addressId={address.id} asks={customFee || address.is_custom_fee} />}
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
      {staff && (
        <>
          <Form.Item
            label={OPENING_LABELS.paidThrough}
            name="paid_through"
            rules={rules.paid_through}
            extra="Opcional. Los meses hasta este quedan cubiertos por un saldo inicial (sin pago ni recibo) y se deben los siguientes."
          >
            <DatePicker picker="month" style={{ width: '100%' }} format={MONTH_FORMAT} disabledDate={afterPayableLimit} />
          </Form.Item>
          <Form.Item label={OPENING_LABELS.firstOwed} name="first_owed_month" rules={rules.first_owed_month} extra="Opcional, en lugar de «Pagado hasta»: el mes más antiguo que se debe.">
            <DatePicker picker="month" style={{ width: '100%' }} format={MONTH_FORMAT} disabledDate={afterCurrentMonth} />
          </Form.Item>
        </>
      )}
      {!staff && creating && (
        <Form.Item
          label={`¿${OPENING_LABELS.serviceSince}?`}
          name="first_owed_month"
          rules={rules.service_since}
          required
          extra="Los meses se cuentan desde ese mes; el personal de Recaudo lo confirmará."
        >
          <DatePicker picker="month" style={{ width: '100%' }} format={MONTH_FORMAT} disabledDate={afterCurrentMonth} />
        </Form.Item>
      )}
    </PanelForm>
  );
}
