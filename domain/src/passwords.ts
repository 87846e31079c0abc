import { z } from 'zod';
import { messages } from './validation';

/**
 * The rule for every new password (profile, reset, registration, users created or edited by
 * staff), shared by the server and the web forms so both answer the same message: at least 10
 * characters and not one of the passwords attackers try first.
 */
export const PASSWORD_MIN_LENGTH = 10;

export const passwordMessages = {
  tooShort: `La Contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  tooCommon: 'Esa contraseña es demasiado común y fácil de adivinar. Elige otra.',
  currentRequired: 'Escribe tu contraseña actual para cambiar tu contraseña o tu correo.',
  currentWrong: 'La contraseña actual no es correcta.',
} as const;

/**
 * Passwords of 10 characters or more from the most common leaked lists (SecLists' top 10 000,
 * NCSC's top 100 000 heads) and their Spanish counterparts; shorter ones already fail the length.
 * Compared lower-cased and without spaces, so "Password123" and "PASSWORD 123" count too.
 */
const COMMON_PASSWORDS = new Set([
  '1234567890', '0987654321', '12345678910', '123456789a', 'a123456789', '1q2w3e4r5t', '1q2w3e4r5t6y', 'q1w2e3r4t5',
  'qwertyuiop', 'qwerty1234', 'qwerty12345', 'qwerty123456', '1qaz2wsx3edc', 'zaq12wsxcde3', 'asdfghjkl1', 'asdfghjkl;',
  'zxcvbnm123', 'password12', 'password123', 'password1234', 'password12345', 'password!1', 'passw0rd123', 'p@ssw0rd123',
  'p@ssword123', 'iloveyou123', 'iloveyou12', 'princess123', 'football123', 'baseball123', 'superman123', 'starwars123',
  'sunshine123', 'welcome123', 'welcome1234', 'letmein123', 'monkey1234', 'dragon1234', 'master1234', 'administrator',
  'administrador', 'admin12345', 'admin123456', 'adminadmin', 'changeme123', 'trustno1234', 'computer123', 'michael123',
  'jordan2323', 'liverpool1', 'chelsea123', 'arsenal123', 'barcelona1', 'barcelona10', 'realmadrid', 'realmadrid1',
  '1111111111', '0000000000', '2222222222', '9999999999', '1212121212', '1122334455', '1234512345', '1234554321',
  '1231231231', '5555555555', '7777777777', '8888888888', '6666666666', '3333333333', '4444444444', 'abcdefghij',
  'abcd123456', 'abc1234567', 'abcdef1234', 'aaaaaaaaaa', 'qqqqqqqqqq', 'contraseña', 'contrasena', 'contraseña1',
  'contrasena1', 'contraseña123', 'contrasena123', 'micontraseña', 'micontrasena', 'teamo123456', 'teamomucho',
  'tequiero123', 'venezuela1', 'venezuela123', 'caracas123', 'maracaibo1', 'colombia123', 'mexico1234', 'argentina1',
  'estrella123', 'princesa123', 'mariposa123', 'chocolate1', 'chocolate123', 'corazon123', 'angelito123', 'pokemon123',
  'bienvenido', 'bienvenido1', 'bienvenido123', 'recaudo123', 'recaudo2026', 'recaudo1234', 'usuario123', 'usuario1234',
  'clave12345', 'clave123456', 'miclave123', 'qwerty2026', 'password2026', 'contraseña2026', 'cambiame123',
]);

const normalized = (password: string) => password.toLowerCase().replace(/\s+/g, '');

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(normalized(password));

/** A new password: required (with the form's own message), at least 10 characters, not a common one. */
export const newPasswordField = (requiredMessage: string = messages.required('Contraseña')) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: passwordMessages.tooShort, abort: true })
    .max(200, messages.maxLength('Contraseña', 200))
    .refine((password) => !isCommonPassword(password), passwordMessages.tooCommon);
