import { z } from 'zod';
import { ADDRESS_TYPES } from '@recaudo/domain/addresses';
import { identificationLabel } from '@recaudo/domain/clients';
import { formatDate, formatMonth } from '@recaudo/domain/format';
import type { SolvencyRow, SolvencyVerification } from '@recaudo/domain/solvencies';
import type { ExportColumn } from '../../platform/export';

const type = z.union([z.literal(0), z.literal(1)]);

export const solvencyRowSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  addresses_payment_id: z.number(),
  type,
  solvent_to_date: z.string(),
  is_valid: z.boolean(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  hash: z.string(),
  created_at: z.string(),
  created_by: z.number().nullable(),
  client: z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), identification_type: z.string(), identification: z.string() }),
  address_payment: z.object({
    id: z.number(),
    address: z.string(),
    state: z.string().nullable(),
    municipality: z.string().nullable(),
    parish: z.string().nullable(),
    community: z.string().nullable(),
    economic_activity: z.string().nullable(),
  }),
}) satisfies z.ZodType<SolvencyRow>;

export const solvencyVerificationSchema = z.object({
  client: z.object({ name: z.string(), identification_type: z.string(), identification: z.string() }),
  type,
  address: z.string(),
  location: z.string(),
  created_at: z.string(),
  solvent_to_date: z.string(),
  is_valid: z.boolean(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
}) satisfies z.ZodType<SolvencyVerification>;

/** The export of the staff list (spec 02 §7 `solvencies/export/data`): the table's columns plus validity. */
export const solvencyExportColumns: ExportColumn<SolvencyRow>[] = [
  { header: 'Identificación', value: (row) => identificationLabel(row.client), width: 16 },
  { header: 'Cliente', value: (row) => row.client.name, width: 30 },
  { header: 'Correo', value: (row) => row.client.email ?? '', width: 28 },
  { header: 'Dirección', value: (row) => row.address_payment.address, width: 36 },
  { header: 'Tipo', value: (row) => ADDRESS_TYPES[row.type], width: 12 },
  { header: 'Fecha de creación', value: (row) => formatDate(row.created_at), width: 14 },
  { header: 'Solvente hasta', value: (row) => formatMonth(row.solvent_to_date), width: 12 },
  { header: 'Válida', value: (row) => (row.is_valid ? 'Sí' : `No (desde ${formatDate(row.revoked_at)})`), width: 18 },
];
