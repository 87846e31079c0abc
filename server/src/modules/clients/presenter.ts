import { z } from 'zod';
import { CLIENT_TYPES, GENDERS, identificationLabel, type ClientRow } from '@recaudo/domain/clients';
import { activeText } from '@recaudo/domain/export';
import { formatDate, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import type { ExportColumn } from '../../platform/export';
import { clientDebtsSchema } from '../statements/presenter';

export const clientUserSummarySchema = z.object({ id: z.number(), name: z.string(), email: z.string(), created_at: z.string() });

export const clientRowSchema = z.object({
  id: z.number(),
  type: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.array(z.string()),
  gender: z.enum(['M', 'F']).nullable(),
  age: z.number().nullable(),
  birth_date: z.string().nullable(),
  identification: z.string(),
  identification_type: z.string(),
  address: z.string().nullable(),
  photo: z.string().nullable(),
  active: z.boolean(),
  count_payments: z.number(),
  addresses_payments: z.array(z.object({ id: z.number(), type: z.union([z.literal(0), z.literal(1)]), address: z.string() })),
  user: clientUserSummarySchema.nullable(),
  latest_payment: z
    .object({ id: z.number(), status: z.union([z.literal(0), z.literal(1), z.literal(2)]), date_payment: z.string(), amount_payment: z.string(), dollar_amount_payment: z.string(), created_at: z.string() })
    .nullable(),
  created_at: z.string(),
});

export const clientDetailSchema = z.object({
  client: clientRowSchema,
  date_start: z.string(),
  date_now: z.string(),
  /** The client opted out of the monthly payment reminders from the portal (issue 33). */
  reminders_opt_out: z.boolean(),
  dollar_rate: z.string(),
  euro_rate: z.string(),
  /** What the client owes, per address (issue 51: the detail's header and address rows). */
  debts: clientDebtsSchema,
});

/** A picker's client; the contacts only for callers whose screens show them (see clientOptions). */
export const clientOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  identification_type: z.string(),
  identification: z.string(),
  type: z.number(),
  email: z.string().nullable().optional(),
  phone: z.array(z.string()).optional(),
});

export const noteRowSchema = z.object({
  id: z.number(),
  note: z.string(),
  client_id: z.number(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});

export const clientUserOfClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  change_password: z.boolean(),
  created_at: z.string(),
});

/** What an export of clients reads of each client: the columns below, none of the list row's subqueries. */
export type ClientExportRow = Pick<
  ClientRow,
  'id' | 'type' | 'name' | 'email' | 'phone' | 'gender' | 'birth_date' | 'identification' | 'identification_type' | 'address' | 'active' | 'created_at'
>;

/** The cells as the list shows them: phones formatted, identification with its prefix, VACIO when empty. */
export const clientExportColumns: ExportColumn<ClientExportRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 28 },
  { header: 'Tipo', value: (row) => CLIENT_TYPES[row.type], width: 12 },
  { header: 'Identificación', value: (row) => identificationLabel(row), width: 16 },
  { header: 'Correo', value: (row) => textOrEmpty(row.email), width: 26 },
  { header: 'Teléfonos', value: (row) => (row.phone.length ? row.phone.map(formatPhone).join(', ') : textOrEmpty(null)), width: 26 },
  { header: 'Género', value: (row) => (row.gender ? GENDERS[row.gender] : textOrEmpty(null)), width: 12 },
  { header: 'Fecha de nacimiento', value: (row) => formatDate(row.birth_date), width: 14 },
  { header: 'Dirección', value: (row) => textOrEmpty(row.address), width: 30 },
  { header: 'Estatus', value: (row) => activeText(row.active), width: 10 },
  { header: 'Fecha de creación', value: (row) => formatDate(row.created_at), width: 14 },
];
