import { messages } from './messages';

/** zod's e-mail pattern (`z.email()`, what `emailField` checks), copied so the login page loads no zod; a test keeps them equal. */
// eslint-disable-next-line no-useless-escape -- zod's pattern character for character, escapes included
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

type Checked = { success: true; data: string } | { success: false; error: { issues: { message: string }[] } };

const refused = (message: string): Checked => ({ success: false, error: { issues: [{ message }] } });

/**
 * The login form's two rules, in the shape the web's form rules read (`safeParse`): the same
 * outcomes as the server's `loginSchema` (auth.ts: `emailField('Correo')` and a required
 * password), which a test checks over a matrix of inputs. Written without zod: zod's core is
 * shared with the other screens' chunks and would put the login page past its 200 KB budget.
 */
export const loginRules = {
  email: {
    safeParse(value: unknown): Checked {
      if (typeof value !== 'string') return refused(messages.required('Correo'));
      const email = value.trim();
      if (!email) return refused(messages.required('Correo'));
      if (email.length > 255) return refused(messages.maxLength('Correo', 255));
      if (!EMAIL_PATTERN.test(email)) return refused(messages.invalidFormat('Correo'));
      return { success: true, data: email.toLowerCase() };
    },
  },
  password: {
    safeParse(value: unknown): Checked {
      return typeof value === 'string' && value.length > 0 ? { success: true, data: value } : refused(messages.required('Contraseña'));
    },
  },
};
