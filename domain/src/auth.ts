import { z } from 'zod';
import { clientMessages, clientTypeField, genderField, identificationField, identificationTypeField, identificationTypesOf, phoneItem } from './clients';
import { dateNotAfterToday, emailField, messages, recordId, requiredText } from './validation';
import { newPasswordField } from './passwords';
import { messagesTwoFactor } from './two-factor';

export const loginSchema = z.object({
  email: emailField('Correo'),
  password: z.string({ error: messages.required('Contraseña') }).min(1, messages.required('Contraseña')),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const logoutUserSchema = z.object({
  id: recordId('sesión'),
  user_id: recordId('usuario'),
});

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const themeSchema = z.object({ theme: z.enum(THEMES, { error: 'El tema debe ser claro u oscuro.' }) });

/** The user part of the session answered by `auth/login` and `auth/me` (spec 01 §3). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  type: 'admin' | 'client';
  client_id: number | null;
  client: { id: number; name: string; identification_type: string; identification: string; type: number } | null;
  phone: string[];
  address: string | null;
  photo: string | null;
  role: { id: number; name: string; key: string | null };
  use_all_series: boolean;
  correlative_id: number | null;
  change_password: boolean;
  /** `enabled`: the user logs in with a TOTP code; `required`: their role demands it (until enabled, the session can only enrol). */
  two_factor: { enabled: boolean; required: boolean };
}

export interface Session {
  user: SessionUser;
  access_token: string;
  permissions: string[];
  theme: Theme;
}

export const messagesAuth = {
  invalidCredentials: 'Las credenciales no coinciden con nuestros registros.',
  inactiveUser: 'Tu usuario está inactivo. Comunícate con el administrador.',
  inactiveRole: 'Tu rol está inactivo. Comunícate con el administrador.',
  loggedIn: 'Inicio de sesión exitoso',
  loggedOut: 'Sesión cerrada',
  sessionClosed: 'Logout Exitoso',
  sessionAlreadyClosed: 'La sesión ya está cerrada.',
  unauthenticated: 'No autenticado. Inicia sesión nuevamente.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  tooManyAttempts: (minutes: number) =>
    `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const;


/* ---------- Registration and password flows (spec 01 §2, §4, §5; DESIGN §4) ---------- */

export const VERIFICATION_CODE_LENGTH = 6;
/** Seconds a verification code lives; the wizard's countdown and the resend rule use it. */
export const VERIFICATION_CODE_SECONDS = 300;
export const VERIFICATION_MAX_TRIES = 5;
/** Minutes a password reset link stays valid. */
export const RESET_TOKEN_MINUTES = 60;

const blankValue = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const verifyIdentificationSchema = z
  .object({
    type: clientTypeField.optional(),
    identification_type: identificationTypeField,
    identification: identificationField,
  })
  .superRefine((value, ctx) => {
    if (value.type !== undefined && !identificationTypesOf(value.type).includes(value.identification_type)) {
      ctx.addIssue({ code: 'custom', path: ['identification_type'], message: clientMessages.identificationTypeMismatch(value.type) });
    }
  });

const optionalRegistrationPhone = z.preprocess((value) => (blankValue(value) ? null : value), phoneItem.nullable());

export const codeRequestSchema = z.object({
  identification_type: identificationTypeField,
  identification: identificationField,
  email: emailField('Correo'),
  phone: optionalRegistrationPhone.optional().default(null),
});

const codeField = z
  .string({ error: messages.required('Código') })
  .trim()
  .min(1, messages.required('Código'))
  .regex(/^\d{6}$/, `El Código debe tener ${VERIFICATION_CODE_LENGTH} dígitos.`);

const tokenField = z.string({ error: 'El token es obligatorio.' }).trim().min(1, 'El token es obligatorio.').max(200, 'El token es inválido.');

export const codeCheckSchema = z.object({
  identification_type: identificationTypeField,
  identification: identificationField,
  token: tokenField,
  code: codeField,
});

/** Step 2 plus the verified code's token: residential clients also give gender and birth date. */
export const registerSchema = z
  .object({
    type: clientTypeField,
    identification_type: identificationTypeField,
    identification: identificationField,
    name: requiredText('Nombre'),
    email: emailField('Correo'),
    password: newPasswordField(),
    phone: phoneItem,
    gender: genderField.optional().default(null),
    birth_date: z.preprocess((value) => (blankValue(value) ? null : value), dateNotAfterToday('Fecha de nacimiento').nullable()).optional().default(null),
    address: z
      .string()
      .trim()
      .max(500, messages.maxLength('Dirección', 500))
      .nullish()
      .transform((value) => (value ? value : null)),
    token: tokenField,
  })
  .superRefine((value, ctx) => {
    if (!identificationTypesOf(value.type).includes(value.identification_type)) {
      ctx.addIssue({ code: 'custom', path: ['identification_type'], message: clientMessages.identificationTypeMismatch(value.type) });
    }
    if (value.type === 0 && !value.gender) ctx.addIssue({ code: 'custom', path: ['gender'], message: messages.required('Género') });
    if (value.type === 0 && !value.birth_date) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: messages.required('Fecha de nacimiento') });
  })
  .transform((value) => (value.type === 0 ? value : { ...value, gender: null, birth_date: null }));
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * Where a registration code went, as the wizard shows it. For an existing client it is a contact
 * on file, masked (`m•••@correo.test`, `+58 (414) •••-••67`): the person proves they hold it
 * without learning it.
 */
export interface CodeDestination {
  email: string | null;
  phone: string | null;
}

export interface CodeRequestAnswer {
  token: string;
  expires_in: number;
  sent_to: CodeDestination;
}

/** The client's data on file, answered only once the code sent to its contact was verified. */
export interface RegistrationClient {
  type: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  birth_date: string | null;
  gender: string | null;
}

/** `m•••@correo.test`: the first character of the mailbox and the whole domain. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

/** `+58 (414) •••-••67` from the stored 10 digits: the operator prefix and the last two digits. */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').slice(-10);
  return `+58 (${digits.slice(0, 3)}) •••-••${digits.slice(-2)}`;
}

export const sendTokenSchema = z.object({ email: emailField('Correo') });
export const verifyTokenSchema = z.object({ token: tokenField });

export const RESET_PASSWORD_REQUIRED = '* La contrasena es requerida';
export const RESET_PASSWORD_MISMATCH = '* Las contraseñas no coinciden';

/** `auth/reset-password`: the reset token, or the session of a user flagged change_password. */
export const resetPasswordSchema = z
  .object({
    token: z.preprocess((value) => (blankValue(value) ? undefined : value), tokenField.optional()),
    password: newPasswordField(RESET_PASSWORD_REQUIRED),
    confirm_password: z.string({ error: RESET_PASSWORD_MISMATCH }),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_password !== value.password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: RESET_PASSWORD_MISMATCH });
  });

export const messagesRegistration = {
  identificationChecked: 'Identificación verificada',
  identificationTaken: 'Ya existe un usuario registrado con esta identificación.',
  emailTaken: 'El Correo ya está registrado.',
  codeSent: 'Te enviamos un código de verificación.',
  noContactOnFile:
    'No tenemos un correo ni un teléfono registrados para esta identificación, así que no podemos enviarte el código. Comunícate con la oficina para completar tu registro.',
  codeForAnotherClient: 'Los datos de esta identificación cambiaron después de enviarte el código. Solicita un código nuevo.',
  codeNotExpired: (seconds: number) =>
    `Ya te enviamos un código. Podrás pedir otro en ${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.`,
  codeInvalid: 'El código es incorrecto.',
  codeUnknown: 'El código no es válido. Solicita uno nuevo.',
  codeExpired: 'El código ha expirado. Solicita uno nuevo.',
  codeTooManyTries: 'Demasiados intentos con este código. Solicita uno nuevo cuando termine la cuenta regresiva.',
  codeVerified: 'Código verificado',
  codeNotVerified: 'Debes verificar el código enviado a tu correo antes de registrarte.',
  registered: 'Registro exitoso. Ya puedes iniciar sesión.',
  resetLinkSent: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.',
  tokenInvalid: 'Error! El token no pertenece a ningún usuario',
  tokenValid: 'Token válido',
  passwordChanged: 'Contraseña actualizada',
  changePasswordFirst: 'Debes cambiar tu contraseña antes de continuar.',
  tooManyRequests: (minutes: number) => `Demasiadas solicitudes. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const;

/* ---------- Two-factor login (issue 35) ---------- */

/** A TOTP code of the app, or at the login's second step one of the recovery codes (`ABCDE-FGHIJ`). */
const secondFactorCode = z
  .string({ error: messagesTwoFactor.codeRequired })
  .trim()
  .min(1, messagesTwoFactor.codeRequired)
  .max(32, messagesTwoFactor.codeInvalid);

export const twoFactorCodeSchema = z.object({ code: secondFactorCode });
/** `auth/2fa/setup` asks for the password: an open session alone can't enrol a stranger's phone (issue 46). */
export const twoFactorSetupRequestSchema = z.object({
  current_password: z.string({ error: messagesTwoFactor.passwordRequired }).max(200, messagesTwoFactor.passwordRequired).optional(),
});
export const twoFactorVerifySchema = z.object({ challenge: tokenField, code: secondFactorCode });
