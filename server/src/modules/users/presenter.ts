import { z } from 'zod';
import { CLIENT_TYPES, identificationLabel } from '@recaudo/domain/clients';
import { activeText, yesNo } from '@recaudo/domain/export';
import { formatDate, formatPhone, textOrEmpty } from '@recaudo/domain/format';
import type { AdminUserRow, ClientUserRow } from '@recaudo/domain/users';
import type { ExportColumn } from '../../platform/export';

export const adminUserRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  role_id: z.number(),
  role: z.object({ id: z.number(), name: z.string() }),
  only_user: z.boolean(),
  all_users: z.boolean(),
  multiple_users: z.array(z.number()),
  multiple_users_verify: z.boolean(),
  use_all_series: z.boolean(),
  correlative_id: z.number().nullable(),
  correlative: z.object({ id: z.number(), serie: z.string(), number: z.string() }).nullable(),
  count_closed_boxs: z.number(),
  created_at: z.string(),
});

export const clientUserRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  client_id: z.number(),
  client: z.object({
    id: z.number(),
    name: z.string(),
    identification_type: z.string(),
    identification: z.string(),
    type: z.number(),
    phone: z.array(z.string()),
  }),
  role: z.object({ id: z.number(), name: z.string() }),
  change_password: z.boolean(),
  created_at: z.string(),
});

/** A user picker's row: the name alone (an e-mail needs the Usuarios screen). */
export const userPickerSchema = z.object({ id: z.number(), name: z.string() });
export const userOptionSchema = userPickerSchema.extend({ email: z.string() });

const scopeText = (row: AdminUserRow) => (row.only_user ? 'Solo sus datos' : row.all_users ? 'Todos los usuarios' : 'Usuarios seleccionados');

export const adminUserExportColumns: ExportColumn<AdminUserRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 26 },
  { header: 'Correo', value: (row) => row.email, width: 28 },
  { header: 'Rol', value: (row) => row.role.name, width: 16 },
  { header: 'Alcance de datos', value: scopeText, width: 20 },
  { header: 'Serie', value: (row) => (row.use_all_series ? 'Todas' : (row.correlative?.serie ?? textOrEmpty(null))), width: 10 },
  { header: 'Cierres de caja', value: (row) => row.count_closed_boxs, width: 12 },
  { header: 'Acceso', value: (row) => activeText(row.active), width: 10 },
  { header: 'Fecha de creación', value: (row) => formatDate(row.created_at), width: 14 },
];

/** The columns of the client users list: Nombre, Email, Identificación, Cliente, Tipo, Teléfono, Acceso. */
export const clientUserExportColumns: ExportColumn<ClientUserRow>[] = [
  { header: 'ID', value: (row) => row.id, width: 8 },
  { header: 'Nombre', value: (row) => row.name, width: 26 },
  { header: 'Email', value: (row) => row.email, width: 28 },
  { header: 'Identificación', value: (row) => identificationLabel(row.client), width: 16 },
  { header: 'Cliente', value: (row) => row.client.name, width: 26 },
  { header: 'Tipo', value: (row) => CLIENT_TYPES[row.client.type === 1 ? 1 : 0], width: 12 },
  { header: 'Teléfono', value: (row) => formatPhone(row.client.phone[0]), width: 18 },
  { header: 'Acceso', value: (row) => activeText(row.active), width: 10 },
  { header: 'Cambiar contraseña', value: (row) => yesNo(row.change_password), width: 12 },
  { header: 'Fecha de creación', value: (row) => formatDate(row.created_at), width: 14 },
];
