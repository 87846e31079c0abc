import type { z } from 'zod';
import { OPENING_LABELS, addressMessages } from '@recaudo/domain/addresses';
import { clientEmail, clientMessages, identificationField, identificationTypesOf, phoneItem, type ClientType } from '@recaudo/domain/clients';
import { dayjs } from '@recaudo/domain/dates';
import { EMPTY_TEXT } from '@recaudo/domain/format';
import { ERROR_COLUMN, IMPORT_LAYOUTS, headerKey, importMessages, layoutOf, type ImportField, type ImportLayout, type ImportRowError } from '@recaudo/domain/imports';
import { moneyField } from '@recaudo/domain/money-field';
import { lastPayableMonth, parseMonthText, type Month } from '@recaudo/domain/months';
import { dateNotAfterToday, messages, requiredText } from '@recaudo/domain/validation';
import { AppError } from '../../platform/errors';

/**
 * One row of an import file read into a client and (when it names one) a payment address, with
 * each bad value named by its column and the Spanish message the client or address form gives for
 * it. Pure: the database is asked later (plan.ts) what exists.
 */

/** The client's values a row gives; a field left undefined was not given and keeps what is on file. */
export interface ClientValues {
  type: ClientType;
  identification_type: string;
  identification: string;
  name?: string;
  email?: string;
  phone?: string[];
  gender?: 'M' | 'F';
  birth_date?: string;
  address?: string;
  active?: boolean;
  /** A creation date (an export's), YYYY-MM-DD: only a new client takes it. */
  created_at?: string;
}

export interface AddressValues {
  type: 0 | 1;
  address: string;
  state: string;
  municipality: string;
  parish: string;
  community: string | null;
  activity: string | null;
  custom_fee: string | null;
  /** "Pagado hasta": the last month the opening balance covers. */
  paid_through: Month | null;
  /** "Meses adeudados" (when no "pagado hasta"): the months owed through the current one. */
  months_owed: number | null;
  created_at?: string;
}

export interface ImportRow {
  line: number;
  client: ClientValues | null;
  address: AddressValues | null;
  errors: ImportRowError[];
  /** "V-12345678". */
  clientKey: string | null;
  /** The payment address as compared: lower case, single spaces. */
  addressKey: string | null;
}

export interface ColumnMapping {
  layout: ImportLayout;
  /** The field of each column (null: ignored). */
  fields: (ImportField | null)[];
  /** Each field's header as the file writes it, for the messages. */
  headers: Partial<Record<ImportField, string>>;
}

/** Maps the header row to fields; an unknown column or a missing identification is a 422 naming it. */
export function mapColumns(headers: readonly string[]): ColumnMapping {
  const layout = layoutOf(headers);
  const known = IMPORT_LAYOUTS[layout];
  const fields: (ImportField | null)[] = [];
  const named: ColumnMapping['headers'] = {};
  for (const header of headers) {
    const key = headerKey(header);
    if (key === '' || key === headerKey(ERROR_COLUMN)) {
      fields.push(null);
      continue;
    }
    const field = known[key];
    if (!field) throw new AppError('validation', importMessages.unknownColumn(header), { file: [importMessages.unknownColumn(header)] });
    fields.push(field === 'ignored' ? null : field);
    named[field] = header;
  }
  if (!named.identification) {
    const column = layout === 'template' ? 'Número de identificación' : 'Identificación';
    throw new AppError('validation', importMessages.missingColumn(column), { file: [importMessages.missingColumn(column)] });
  }
  return { layout, fields, headers: named };
}

const IDENTIFICATION = /^([A-Za-z]{1,2})?\s*-?\s*([\d.\s]+)$/;
const TYPES_BY_WORD: Record<string, 0 | 1> = { residencial: 0, comercial: 1, '0': 0, '1': 1 };
const GENDERS_BY_WORD: Record<string, 'M' | 'F'> = { m: 'M', masculino: 'M', f: 'F', femenino: 'F' };
const ACTIVE_BY_WORD: Record<string, boolean> = { activo: true, inactivo: false, si: true, no: false, '1': true, '0': false };
const YES_BY_WORD: Record<string, boolean> = { si: true, no: false, '1': true, '0': false, true: true, false: false };

const customFee = moneyField('Tarifa', { requiredMessage: addressMessages.feeRequired });
const clientName = requiredText('Nombre');
const addressText = requiredText('Dirección', 500);
const birthDate = dateNotAfterToday('Fecha de nacimiento');
const creationDate = dateNotAfterToday('Fecha de creación');

/** Excel keeps a date as days since 1899-12-30. */
const excelSerial = (text: string) => (/^\d{1,6}(\.\d+)?$/.test(text) ? dayjs('1899-12-30').add(Math.floor(Number(text)), 'day').format('YYYY-MM-DD') : null);

/** "1.234,50" or "1234,50" written the Spanish way, as the dot-decimal text the form takes. */
const dotDecimal = (text: string) => (/^\d{1,3}(\.\d{3})+,\d{1,2}$|^\d+,\d{1,2}$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text);

const wordKey = (text: string) => headerKey(text);

export class RowReader {
  constructor(
    private readonly mapping: ColumnMapping,
    private readonly now: Date,
  ) {}

  read(line: number, cells: readonly string[]): ImportRow {
    const errors: ImportRowError[] = [];
    const values: Partial<Record<ImportField, string>> = {};
    this.mapping.fields.forEach((field, index) => {
      const cell = (cells[index] ?? '').trim();
      if (field && cell !== '' && cell !== EMPTY_TEXT) values[field] = cell;
    });
    const column = (field: ImportField) => this.mapping.headers[field] ?? field;
    const fail = (field: ImportField, message: string) => {
      errors.push({ row: line, column: column(field), message });
    };
    const check = <T>(field: ImportField, schema: z.ZodType<T>, value: unknown): T | undefined => {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      fail(field, parsed.error.issues[0]?.message ?? messages.invalid(column(field)));
      return undefined;
    };
    const client = this.client(values, check, fail);
    const address = client ? this.address(values, client.type, check, fail) : null;
    return {
      line,
      client,
      address,
      errors,
      clientKey: client ? `${client.identification_type}-${client.identification}` : null,
      addressKey: address ? address.address.replace(/\s+/g, ' ').trim().toLowerCase() : null,
    };
  }

  private client(
    values: Partial<Record<ImportField, string>>,
    check: <T>(field: ImportField, schema: z.ZodType<T>, value: unknown) => T | undefined,
    fail: (field: ImportField, message: string) => void,
  ): ClientValues | null {
    const written = IDENTIFICATION.exec(values.identification ?? '');
    const prefix = written?.[1]?.toUpperCase();
    const typeColumn = values.identification_type?.toUpperCase();
    if (prefix && typeColumn && prefix !== typeColumn) fail('identification_type', messages.invalid('Tipo de identificación'));
    const identificationType = prefix ?? typeColumn;
    const number = check('identification', identificationField, written ? written[2]!.replace(/[.\s]/g, '') : values.identification);
    if (!identificationType) {
      fail('identification_type', messages.required('Tipo de identificación'));
      return null;
    }
    const inferred: ClientType | undefined = identificationTypesOf(0).includes(identificationType) ? 0 : identificationTypesOf(1).includes(identificationType) ? 1 : undefined;
    if (inferred === undefined) {
      fail('identification_type', messages.invalid('Tipo de identificación'));
      return null;
    }
    let type = inferred;
    if (values.client_type !== undefined) {
      const given = TYPES_BY_WORD[wordKey(values.client_type)];
      if (given === undefined) fail('client_type', importMessages.clientTypeInvalid);
      else {
        if (given !== inferred) fail('identification_type', clientMessages.identificationTypeMismatch(given));
        type = given;
      }
    }
    if (number === undefined) return null;
    const client: ClientValues = { type, identification_type: identificationType, identification: number };
    if (values.name !== undefined) client.name = check('name', clientName, values.name);
    if (values.email !== undefined) client.email = check('email', clientEmail, values.email);
    if (values.phones !== undefined) {
      const phones = values.phones.split(/[,;/]/).map((phone) => phone.trim()).filter(Boolean);
      const parsed = phones.map((phone) => check('phones', phoneItem, phone));
      if (parsed.every((phone): phone is string => phone !== undefined)) client.phone = [...new Set(parsed)];
    }
    if (type === 0 && values.gender !== undefined) {
      const gender = GENDERS_BY_WORD[wordKey(values.gender)];
      if (gender) client.gender = gender;
      else fail('gender', importMessages.genderInvalid);
    }
    if (type === 0 && values.birth_date !== undefined) client.birth_date = check('birth_date', birthDate, excelSerial(values.birth_date) ?? values.birth_date);
    if (values.client_address !== undefined) client.address = check('client_address', requiredText('Dirección', 500), values.client_address);
    if (values.active !== undefined) {
      const active = ACTIVE_BY_WORD[wordKey(values.active)];
      if (active === undefined) fail('active', importMessages.activeInvalid);
      else client.active = active;
    }
    if (values.created_at !== undefined) client.created_at = check('created_at', creationDate, excelSerial(values.created_at) ?? values.created_at);
    return client;
  }

  private address(
    values: Partial<Record<ImportField, string>>,
    clientType: ClientType,
    check: <T>(field: ImportField, schema: z.ZodType<T>, value: unknown) => T | undefined,
    fail: (field: ImportField, message: string) => void,
  ): AddressValues | null {
    const location = values.location?.split(' / ').map((part) => part.trim());
    if (location && (location.length < 3 || location.length > 4)) fail('location', importMessages.locationInvalid);
    const [state, municipality, parish, community] = location ?? [values.state, values.municipality, values.parish, undefined];
    const given = [values.address, state, municipality, parish, values.community, values.activity, values.custom_fee, values.paid_through, values.months_owed];
    if (values.address === undefined) {
      if (given.some((value) => value !== undefined)) fail('address', importMessages.addressFieldsWithoutAddress);
      return null;
    }
    let type: 0 | 1 = clientType;
    if (values.address_type !== undefined) {
      const named = TYPES_BY_WORD[wordKey(values.address_type)];
      if (named === undefined) fail('address_type', importMessages.addressTypeInvalid);
      else type = named;
    }
    const text = check('address', addressText, values.address);
    const placeField: ImportField = location ? 'location' : 'state';
    if (!state) fail(placeField, addressMessages.stateRequired);
    if (!municipality) fail(location ? 'location' : 'municipality', addressMessages.municipalityRequired);
    if (!parish) fail(location ? 'location' : 'parish', addressMessages.parishRequired);
    const communityName = location ? (type === 0 ? community : undefined) : values.community;
    const activityName = location ? (type === 1 ? community : undefined) : values.activity;
    if (type === 0 && !communityName) fail(location ? 'location' : 'community', addressMessages.communityRequired);
    if (type === 1 && !activityName) fail(location ? 'location' : 'activity', addressMessages.economicActivityRequired);
    let fee: string | null = null;
    const customFlag = values.custom_fee_flag === undefined ? true : YES_BY_WORD[wordKey(values.custom_fee_flag)];
    if (customFlag === undefined) fail('custom_fee_flag', messages.boolean('Tarifa personalizada'));
    if (type === 1 && customFlag && values.custom_fee !== undefined) fee = check('custom_fee', customFee, dotDecimal(values.custom_fee)) ?? null;
    const opening = this.opening(values, fail);
    if (text === undefined || !state || !municipality || !parish) return null;
    return {
      type,
      address: text,
      state,
      municipality,
      parish,
      community: type === 0 ? (communityName ?? null) : null,
      activity: type === 1 ? (activityName ?? null) : null,
      custom_fee: fee,
      paid_through: opening?.paidThrough ?? null,
      months_owed: opening?.monthsOwed ?? null,
      created_at: values.address_created_at !== undefined ? check('address_created_at', creationDate, excelSerial(values.address_created_at) ?? values.address_created_at) : undefined,
    };
  }

  /** "Pagado hasta" when given (at most December of this year), else "meses adeudados". */
  private opening(values: Partial<Record<ImportField, string>>, fail: (field: ImportField, message: string) => void): { paidThrough: Month | null; monthsOwed: number | null } | null {
    if (values.paid_through !== undefined) {
      const month = parseMonthText(values.paid_through);
      if (!month) fail('paid_through', messages.invalid(OPENING_LABELS.paidThrough));
      else if (month > lastPayableMonth(this.now)) fail('paid_through', addressMessages.openingBeyond(OPENING_LABELS.paidThrough, lastPayableMonth(this.now)));
      else return { paidThrough: month, monthsOwed: null };
      return null;
    }
    if (values.months_owed !== undefined) {
      const count = /^\d{1,3}$/.test(values.months_owed) ? Number(values.months_owed) : -1;
      if (count < 0 || count > 600) {
        fail('months_owed', importMessages.monthsOwedInvalid);
        return null;
      }
      return { paidThrough: null, monthsOwed: count };
    }
    return null;
  }
}
