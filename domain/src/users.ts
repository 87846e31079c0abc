import { z } from 'zod';
import { phoneList } from './clients';
import { listQuerySchema } from './paging';
import { newPasswordField } from './passwords';
import { emailField, flag, messages, recordId, requiredText } from './validation';

/**
 * Users (spec 01 §3, §5): administrators (staff, no client) and client users (role Cliente,
 * bound to one client). Server and web forms share these rules and messages.
 */
/** The first administrator: no action menu, nobody edits, switches off or deletes it. */
export const PROTECTED_USER_ID = 1;

export const userMessages = {
  created: 'Usuario creado',
  updated: 'Usuario actualizado',
  deleted: 'Usuario eliminado',
  confirmDelete: '¿Seguro de eliminar el usuario?',
  accessChanged: 'Acceso del usuario actualizado',
  profileUpdated: 'Perfil actualizado',
  notFound: 'No se ha encontrado el usuario',
  duplicateEmail: 'El Correo ya está registrado.',
  /** A client's new phone that another client already has (issue 46): the bank would take her for the other. */
  phoneOfAnotherClient: (phone: string) => `El teléfono ${phone} ya está registrado para otro cliente. Comunícate con la oficina para resolverlo.`,
  clientRoleNotAllowed: 'El rol Cliente no se puede asignar a un usuario administrador.',
  roleNotFound: 'El rol seleccionado no existe.',
  scopeExclusive: 'Elige un solo alcance de datos: solo sus datos, todos los usuarios o usuarios seleccionados.',
  usersRequired: messages.required('Usuarios'),
  usersInvalid: 'Alguno de los usuarios seleccionados no existe.',
  usersNotSelf: 'El usuario no puede estar en su propia lista de usuarios.',
  serieRequired: messages.required('Serie'),
  serieNotFound: 'La serie seleccionada no existe.',
  clientRequired: messages.required('Cliente'),
  clientNotFound: 'El cliente seleccionado no existe.',
  protectedUser: 'Este usuario no se puede modificar.',
  notYourself: 'No puedes cambiar el acceso de tu propio usuario.',
  cannotDeleteProtected: 'El usuario principal no se puede eliminar.',
  cannotDeleteYourself: 'No puedes eliminar tu propio usuario.',
  cannotToggleProtected: 'El acceso del usuario principal no se puede cambiar.',
  passwordSent: 'La contraseña fue enviada al correo del usuario.',
  /** Another user's password or second factor (issue 46): `manage_security` and a fresh proof of the actor. */
  securityPermissionRequired: 'Restablecer la contraseña o la verificación en dos pasos de otro usuario requiere el permiso "Restablecer contraseñas y verificación en dos pasos".',
  proofRequired: 'Confirma esta acción con tu contraseña actual o con el código de tu aplicación de autenticación.',
  proofWrong: 'La contraseña o el código con que confirmaste no es correcto.',
  beyondYourPermissions: 'No puedes modificar a un usuario cuyo rol tiene permisos que tú no tienes.',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** On updates a blank password keeps the current one. */
const optionalPassword = z.preprocess((value) => (blank(value) ? null : value), newPasswordField().nullable());

/** The profile asks for the current password before a new password or e-mail (checked on the server). */
const currentPassword = z.preprocess((value) => (blank(value) ? null : value), z.string({ error: messages.invalid('Contraseña actual') }).max(200).nullable()).optional().default(null);

/**
 * The actor's fresh proof for resetting another user's password or second factor: their own
 * current password or a code of their authenticator app (checked on the server).
 */
export const securityProofFields = {
  current_password: currentPassword,
  current_code: z.preprocess((value) => (blank(value) ? null : value), z.string({ error: messages.invalid('Código') }).trim().max(32).nullable()).optional().default(null),
};
export type SecurityProof = { current_password: string | null; current_code: string | null };

const idList = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
  z.array(
    z.preprocess(
      (item) => (typeof item === 'object' && item !== null && 'value' in item ? (item as { value: unknown }).value : typeof item === 'string' ? Number(item) : item),
      z.number({ error: userMessages.usersInvalid }).int(userMessages.usersInvalid).positive(userMessages.usersInvalid),
    ),
  ),
);

const optionalId = (attribute: string) =>
  z.preprocess(
    (value) => (blank(value) ? null : typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value),
    recordId(attribute).nullable(),
  );

const optionalFlag = (attribute: string, fallback: boolean) =>
  z.preprocess((value) => (value === undefined || value === null || value === '' ? fallback : value), flag(attribute));

/** Role: accepts the id or `{id}` as the select sends it. */
const roleField = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value),
  recordId('Rol'),
);

const adminFields = {
  role: roleField,
  name: requiredText('Nombre'),
  email: emailField('Correo'),
  active: optionalFlag('Activo', true),
  only_user: optionalFlag('Solo sus datos', false),
  all_users: optionalFlag('Todos los usuarios', false),
  multiple_users_verify: optionalFlag('Usuarios seleccionados', false),
  multiple_users: idList,
  use_all_series: optionalFlag('Todas las series', false),
  correlative_id: optionalId('Serie'),
};

/**
 * Data scope (only own data / all users / selected users) is one choice; with selected users
 * the list is required. Series: all of them or one chosen.
 */
function adminRules(value: { only_user: boolean; all_users: boolean; multiple_users_verify: boolean; multiple_users: number[]; use_all_series: boolean; correlative_id: number | null; id?: number }, ctx: z.RefinementCtx) {
  const chosen = [value.only_user, value.all_users, value.multiple_users_verify].filter(Boolean).length;
  if (chosen > 1) ctx.addIssue({ code: 'custom', path: ['only_user'], message: userMessages.scopeExclusive });
  const selectedScope = !value.only_user && !value.all_users;
  if (chosen <= 1 && selectedScope && value.multiple_users.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['multiple_users'], message: userMessages.usersRequired });
  }
  if (value.id !== undefined && value.multiple_users.includes(value.id)) {
    ctx.addIssue({ code: 'custom', path: ['multiple_users'], message: userMessages.usersNotSelf });
  }
  if (!value.use_all_series && value.correlative_id === null) {
    ctx.addIssue({ code: 'custom', path: ['correlative_id'], message: userMessages.serieRequired });
  }
}

/** The stored scope: other choices clear the selected users, all series clears the series. */
const normalizeAdmin = <T extends { only_user: boolean; all_users: boolean; multiple_users: number[]; use_all_series: boolean; correlative_id: number | null }>(value: T): T => ({
  ...value,
  multiple_users: value.only_user || value.all_users ? [] : [...new Set(value.multiple_users)],
  correlative_id: value.use_all_series ? null : value.correlative_id,
});

export const createAdminUserSchema = z
  .object({ ...adminFields, password: newPasswordField() })
  .superRefine(adminRules)
  .transform(normalizeAdmin);
export const updateAdminUserSchema = z
  .object({ ...adminFields, id: recordId(), password: optionalPassword, ...securityProofFields })
  .superRefine(adminRules)
  .transform(normalizeAdmin);
export type CreateAdminUserInput = z.infer<typeof createAdminUserSchema>;
export type UpdateAdminUserInput = z.infer<typeof updateAdminUserSchema>;

const clientUserFields = {
  name: requiredText('Nombre'),
  email: emailField('Correo'),
  active: optionalFlag('Activo', true),
  change_password: optionalFlag('Cambiar contraseña', false),
  send_mail_password: optionalFlag('Enviar contraseña por correo', false),
};

/** Client user form: the role is always Cliente. */
export const createClientUserSchema = z.object({
  ...clientUserFields,
  client_id: z.preprocess((value) => (blank(value) ? undefined : value), recordId('Cliente')),
  password: newPasswordField(),
});
export const updateClientUserSchema = z.object({
  ...clientUserFields,
  id: recordId(),
  client_id: optionalId('Cliente'),
  password: optionalPassword,
  ...securityProofFields,
});
export type CreateClientUserInput = z.infer<typeof createClientUserSchema>;
export type UpdateClientUserInput = z.infer<typeof updateClientUserSchema>;

/** `users/store` and `users/update` take both forms: a `client_id` key means the client user form. */
export const isClientUserPayload = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'client_id' in body && !blank((body as { client_id: unknown }).client_id);

export const resetTwoFactorSchema = z.object({ user_id: recordId('usuario'), ...securityProofFields });

export const disabledAccessSchema = z.object({ user_id: recordId('usuario'), status: flag('Estatus') });

/** Profile of a staff user: name, e-mail and (optionally) a new password. */
export const staffProfileSchema = z.object({
  name: requiredText('Nombre'),
  email: emailField('Correo'),
  password: optionalPassword,
  current_password: currentPassword,
});

/** Profile of a client user: never the name; e-mail, password, phones and address. */
export const clientProfileSchema = z.object({
  email: emailField('Correo'),
  password: optionalPassword,
  current_password: currentPassword,
  phone: phoneList,
  address: z
    .string({ error: messages.invalid('Dirección') })
    .trim()
    .max(500, messages.maxLength('Dirección', 500))
    .nullish()
    .transform((value) => (value ? value : null)),
});

export const userListQuerySchema = listQuerySchema;

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  active: boolean;
  role_id: number;
  role: { id: number; name: string };
  only_user: boolean;
  all_users: boolean;
  multiple_users: number[];
  multiple_users_verify: boolean;
  use_all_series: boolean;
  correlative_id: number | null;
  correlative: { id: number; serie: string; number: string } | null;
  count_closed_boxs: number;
  created_at: string;
}

export interface ClientUserRow {
  id: number;
  name: string;
  email: string;
  active: boolean;
  client_id: number;
  client: { id: number; name: string; identification_type: string; identification: string; type: number; phone: string[] };
  role: { id: number; name: string };
  change_password: boolean;
  created_at: string;
}
