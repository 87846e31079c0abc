import type { Session } from '@recaudo/domain/auth';
import { loginRules } from '@recaudo/domain/login';
import { isTwoFactorChallenge, messagesTwoFactor } from '@recaudo/domain/two-factor';
import { login, verifySecondFactor } from '../features/auth/api';
import { HttpError } from '../lib/http';
import { getToken, setStoredTheme, setToken } from '../lib/storage';

/** Where a signed-in user starts: the web app sends each audience on from there (domain's resolvePath). */
export const SIGNED_IN_START = '/dashboard';

/** Leaves the login page; a replace, so Back does not return to the form. */
export type Leave = (path: string) => void;

const messageOf = (error: unknown) => (error instanceof HttpError ? (error.serverMessage ?? error.message) : 'Error');

function element<T extends HTMLElement>(page: Document, id: string): T {
  const found = page.getElementById(id);
  if (!found) throw new Error(`login.html lacks #${id}`);
  return found as T;
}

/** A field of login.html: its input, the frame that turns red, and the message under it. */
function fieldOf(page: Document, id: string) {
  const input = element<HTMLInputElement>(page, id);
  const message = element<HTMLParagraphElement>(page, `${id}-error`);
  const show = (text: string | null) => {
    message.textContent = text ?? '';
    message.hidden = text === null;
    input.closest('.control')?.classList.toggle('invalid', text !== null);
    if (text === null) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
  };
  return { input, show };
}

/** A form's submit button: busy (and deaf to clicks) while its call runs. */
function busyState(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  return (busy: boolean) => {
    button?.setAttribute('aria-busy', String(busy));
    for (const input of Array.from(form.querySelectorAll('input'))) input.readOnly = busy;
  };
}

/**
 * The login of login.html (spec 01 §2, §4, §8): the domain's checks of the two fields, the server's
 * own message on a refusal, the second step's code for accounts with a second factor, and then the
 * session handed to the web app the way it keeps it (the token and the theme in localStorage).
 */
export function startLogin(page: Document, leave: Leave): void {
  // A browser that already holds a session goes on: the web app checks it, and sends it back here if it is dead.
  if (getToken()) {
    leave(SIGNED_IN_START);
    return;
  }
  const alert = element<HTMLParagraphElement>(page, 'login-alert');
  const passwordStep = element<HTMLElement>(page, 'password-step');
  const codeStep = element<HTMLElement>(page, 'code-step');
  const passwordForm = element<HTMLFormElement>(page, 'login-form');
  const codeForm = element<HTMLFormElement>(page, 'code-form');
  const email = fieldOf(page, 'login-email');
  const password = fieldOf(page, 'login-password');
  const code = fieldOf(page, 'login-code');
  const passwordBusy = busyState(passwordForm);
  const codeBusy = busyState(codeForm);
  let challenge: string | null = null;
  let submitting = false;

  const enter = (session: Session) => {
    setToken(session.access_token);
    // The account's theme is a choice when it is dark; its light is also the default of an
    // account that never chose, which leaves the system's preference in force (issue 51).
    if (session.theme === 'dark') setStoredTheme('dark');
    leave(SIGNED_IN_START);
  };

  /** Each field's message, or null when it passes; a field is checked again as it is typed once its message shows. */
  const checks = [
    { field: email, check: () => loginRules.email.safeParse(email.input.value) },
    { field: password, check: () => loginRules.password.safeParse(password.input.value) },
  ];
  const showCheck = ({ field, check }: (typeof checks)[number]) => {
    const result = check();
    field.show(result.success ? null : (result.error.issues[0]?.message ?? null));
    return result;
  };
  for (const entry of checks) entry.field.input.addEventListener('input', () => entry.field.input.hasAttribute('aria-invalid') && showCheck(entry));

  const showStep = (step: 'password' | 'code') => {
    passwordStep.hidden = step !== 'password';
    codeStep.hidden = step !== 'code';
    (step === 'password' ? password.input : code.input).focus();
  };

  const reveal = element<HTMLButtonElement>(page, 'login-reveal');
  reveal.addEventListener('click', () => {
    const shown = password.input.type === 'password';
    password.input.type = shown ? 'text' : 'password';
    reveal.setAttribute('aria-pressed', String(shown));
    reveal.textContent = shown ? 'Ocultar' : 'Mostrar';
  });
  code.input.addEventListener('input', () => code.input.hasAttribute('aria-invalid') && code.input.value.trim() && code.show(null));

  passwordForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submitting) return;
    const [checkedEmail, checkedPassword] = checks.map(showCheck);
    if (!checkedEmail?.success || !checkedPassword?.success) {
      (checkedEmail?.success ? password : email).input.focus();
      return;
    }
    alert.textContent = '';
    submitting = true;
    passwordBusy(true);
    try {
      // The e-mail as the domain reads it: trimmed and in lower case.
      const answer = await login({ email: checkedEmail.data, password: checkedPassword.data });
      if (isTwoFactorChallenge(answer.data)) {
        challenge = answer.data.challenge;
        code.input.value = '';
        code.show(null);
        showStep('code');
      } else enter(answer.data);
    } catch (error) {
      // Spec 01 §8: the login shows the server's own message (wrong credentials, too many tries).
      alert.textContent = messageOf(error);
    } finally {
      submitting = false;
      passwordBusy(false);
    }
  });

  const backToPassword = () => {
    challenge = null;
    showStep('password');
  };
  element<HTMLButtonElement>(page, 'code-back').addEventListener('click', () => {
    alert.textContent = '';
    backToPassword();
  });

  codeForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submitting || !challenge) return;
    const typed = code.input.value.trim();
    if (!typed) {
      code.show(messagesTwoFactor.codeRequired);
      code.input.focus();
      return;
    }
    code.show(null);
    alert.textContent = '';
    submitting = true;
    codeBusy(true);
    try {
      enter((await verifySecondFactor({ challenge, code: typed })).data);
    } catch (error) {
      if (error instanceof HttpError && error.status === 422) {
        // A wrong code: typed again in its place.
        code.input.value = '';
        code.show(messageOf(error));
        code.input.focus();
      } else {
        alert.textContent = messageOf(error);
        // The challenge expired or ran out of tries: the login starts again from the password.
        if (error instanceof HttpError && error.status === 401) backToPassword();
      }
    } finally {
      submitting = false;
      codeBusy(false);
    }
  });
}
