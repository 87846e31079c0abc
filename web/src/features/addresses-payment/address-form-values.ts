// The address panel's values, their rules and their shape on the wire, apart from the drawing (address-form-panel.tsx).
import { ADDRESS_TYPES, addressMessages, createAddressSchema, OPENING_LABELS, type AddressRow, type AddressType } from '@recaudo/domain/addresses';
import { currentMonth } from '@recaudo/domain/months';
import { messages } from '@recaudo/domain/validation';
import { BUSINESS_TIME_ZONE, dayjs } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format-money';
import { moneyField } from '@recaudo/domain/money-field';
import type { FormInstance, Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { effectiveMonthToWire } from '../../components/fee-since';
import { zodRule } from '../../lib/form';
import type { Named } from '../../components/select-options';
import type { ActivityOption, AddressInput } from './api';
import type { SearchSelectOption } from './search-select';

export const FORM_ID = 'address-form';
export const DATE_FORMAT = 'DD-MM-YYYY';

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
  /** The opening position (issue 48): staff give one of the two; a client says since when she has the service. */
  paid_through: Dayjs | null;
  first_owed_month: Dayjs | null;
  /** An own fee's edit, or its switch turned on or off, applies from this month (issue 50). */
  effective_month?: Dayjs | null;
}

export type FieldName = keyof AddressFormValues;

export const EMPTY: Partial<AddressFormValues> = {
  state_id: null,
  municipality_id: null,
  parish_id: null,
  community_id: null,
  economic_activity_id: null,
  is_custom_fee: false,
  fee: null,
  address: '',
  date_start: null,
  paid_through: null,
  first_owed_month: null,
};

/** Spec 01 §5: each level clears the levels below it; the client clears every address field. */
export const CLEARS: Partial<Record<FieldName, FieldName[]>> = {
  client_id: ['state_id', 'municipality_id', 'parish_id', 'community_id', 'economic_activity_id', 'is_custom_fee', 'fee', 'address', 'date_start', 'paid_through', 'first_owed_month'],
  type: ['community_id', 'economic_activity_id', 'is_custom_fee', 'fee'],
  state_id: ['municipality_id', 'parish_id', 'community_id'],
  municipality_id: ['parish_id', 'community_id'],
  parish_id: ['community_id'],
  is_custom_fee: ['fee'],
};

export const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
export const isDay = (value: unknown): value is Dayjs => dayjs.isDayjs(value);
export const dayToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM-DD') : value);
export const monthToWire = (value: unknown) => (isDay(value) ? value.format('YYYY-MM') : null);
export const MONTH_FORMAT = 'MM-YYYY';

// Rules come from the domain schema the server validates with, so the messages match (DESIGN §6).
export const fields = createAddressSchema.in.shape;
export const feeField = moneyField('Tarifa', { requiredMessage: addressMessages.feeRequired });
export type FormView = Pick<FormInstance, 'getFieldValue'>;
/** A rule that applies only while `when` holds for the other fields (the type, the custom-fee switch). */
export const checkWhen =
  (when: (form: FormView) => boolean, check: (value: unknown) => string | undefined): Rule =>
  (form) => ({
    validator: async (_rule, value: unknown) => {
      const message = when(form) ? check(value) : undefined;
      if (message) throw new Error(message);
    },
  });
export const requiredWhen = (message: string, when: (form: FormView) => boolean) => checkWhen(when, (value) => (blank(value) ? message : undefined));
export const rules = {
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
  paid_through: [zodRule(fields.paid_through, monthToWire)],
  first_owed_month: [
    zodRule(fields.first_owed_month, monthToWire),
    checkWhen(
      (form) => Boolean(form.getFieldValue('paid_through')),
      (value) => (isDay(value) ? addressMessages.openingBoth : undefined),
    ),
  ],
  /** The portal asks it of every new address: without it she would owe from her community's start. */
  service_since: [{ required: true, message: messages.required(OPENING_LABELS.serviceSince) }],
};

export const typeOptions = ([0, 1] as const).map((type) => ({ value: type, label: ADDRESS_TYPES[type] }));
export const named = (row: Named): SearchSelectOption => ({ value: row.id, label: row.name });
export const activityLabel = (activity: Pick<ActivityOption, 'name' | 'fee'>) => `${activity.name} (${formatMoney(activity.fee, '$')})`;
export const idOrNull = (value: number | null | undefined) => value ?? null;

export function initialValues(address: AddressRow | null, defaultType: AddressType, ownClientId: number | null): AddressFormValues {
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
    paid_through: address?.opening_paid_through ? dayjs(`${address.opening_paid_through}-01`) : null,
    first_owed_month: null,
  };
}

/**
 * The form's values as addresses-payment/store and /update take them. A residential address
 * carries no activity nor custom fee, a commercial one no community; staff-only fields
 * (activity, custom fee, start date) are not sent for a client user, whose client is their own.
 */
export function toAddressInput(values: AddressFormValues, ownClientId: number | null, creating = true): AddressInput {
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
    // Asked when the own fee changes or is turned on or off (the server ignores it otherwise).
    effective_month: staff && !residential ? effectiveMonthToWire(values.effective_month) : undefined,
    date_start: staff && isDay(values.date_start) ? values.date_start.format('YYYY-MM-DD') : null,
    ...openingInput(values, staff, creating),
  };
}

/** Staff send the opening position they see (null clears it); a client only when she adds the address. */
export function openingInput(values: AddressFormValues, staff: boolean, creating: boolean): Pick<AddressInput, 'paid_through' | 'first_owed_month'> {
  if (staff) return { paid_through: monthToWire(values.paid_through), first_owed_month: monthToWire(values.first_owed_month) };
  return creating ? { first_owed_month: monthToWire(values.first_owed_month) } : {};
}

/** Months after the current one can't be the first owed; past December of this year, nothing can be paid. */
export const afterCurrentMonth = (value: Dayjs) => value.format('YYYY-MM') > currentMonth();
export const afterPayableLimit = (value: Dayjs) => value.format('YYYY-MM') > `${currentMonth().slice(0, 4)}-12`;

