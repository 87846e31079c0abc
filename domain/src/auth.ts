import { z } from 'zod';
import { emailField, recordId } from './validation';

export const loginSchema = z.object({
  email: emailField('Correo'),
  password: z.string({ error: 'El campo Contraseña es obligatorio.' }).min(1, 'El campo Contraseña es obligatorio.'),
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

