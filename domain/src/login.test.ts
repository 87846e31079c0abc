import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loginSchema } from './login';
import { emailField, messages } from './validation';

/** The login's rules as the other forms write them, with full zod. */
const fullLogin = z.object({
  email: emailField('Correo'),
  password: z.string({ error: messages.required('Contraseña') }).min(1, messages.required('Contraseña')),
});

const outcome = (result: { success: boolean; data?: unknown; error?: { issues: readonly { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? { data: result.data } : { issues: result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]) };

describe('loginSchema (zod mini)', () => {
  it('accepts, normalises and refuses exactly as emailField and a required password do', () => {
    const emails = [undefined, null, 17, '', '   ', 'ana', 'ana@', ' Ana.Perez@Recaudo.Test ', 'ana@recaudo.test', `${'a'.repeat(250)}@recaudo.test`, 'ana perez@recaudo.test'];
    const passwords = [undefined, '', ' ', 'secreto', 12];
    for (const email of emails) {
      for (const password of passwords) {
        const input = { email, password };
        expect(outcome(loginSchema.safeParse(input)), JSON.stringify(input)).toEqual(outcome(fullLogin.safeParse(input)));
      }
    }
  });

  it('gives the Spanish messages the server answers', () => {
    const result = loginSchema.safeParse({ email: 'no es correo', password: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(['El formato de Correo es inválido.', 'El campo Contraseña es obligatorio.']);
    expect(loginSchema.parse({ email: ' ADMIN@Recaudo.test ', password: 'x' })).toEqual({ email: 'admin@recaudo.test', password: 'x' });
  });
});
