import * as z from 'zod/mini';
import { messages } from './messages';

const email = messages.required('Correo');
const password = messages.required('Contraseña');

/**
 * The login's rules, the same as `emailField('Correo')` and a required password, written with
 * zod's mini build: the login page loads them just after it paints, and full zod with the
 * domain's validators (auth.ts) weighs 31 KB gzip there, past the page's 200 KB budget.
 */
export const loginSchema = z.object({
  email: z.pipe(
    z.string({ error: email }).check(z.trim(), z.minLength(1, email), z.maxLength(255, messages.maxLength('Correo', 255))),
    z.email({ error: messages.invalidFormat('Correo') }).check(z.toLowerCase()),
  ),
  password: z.string({ error: password }).check(z.minLength(1, password)),
});
export type LoginInput = z.infer<typeof loginSchema>;
