import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { loginSchema } from './auth';
import { EMAIL_PATTERN, loginRules } from './login';

type Outcome = { data: unknown } | { messages: string[] };
const outcome = (result: { success: boolean; data?: unknown; error?: { issues: readonly { message: string }[] } }): Outcome =>
  result.success ? { data: result.data } : { messages: result.error!.issues.map((issue) => issue.message) };

describe('loginRules (the login page, without zod)', () => {
  it('accepts, normalises and refuses each field exactly as the server’s loginSchema does', () => {
    const emails = [undefined, null, 17, '', '   ', 'ana', 'ana@', 'ana@recaudo', '.ana@recaudo.test', 'ana..perez@recaudo.test', " Ana.O'Neil@Recaudo.Test ", 'ana@recaudo.test', `${'a'.repeat(250)}@recaudo.test`, 'ana perez@recaudo.test', 'ana@-recaudo.test'];
    const passwords = [undefined, null, '', ' ', 'secreto', 12];
    for (const email of emails) expect(outcome(loginRules.email.safeParse(email)), JSON.stringify(email)).toEqual(outcome(loginSchema.shape.email.safeParse(email)));
    for (const password of passwords) expect(outcome(loginRules.password.safeParse(password)), JSON.stringify(password)).toEqual(outcome(loginSchema.shape.password.safeParse(password)));
    expect(outcome(loginRules.email.safeParse(" Ana.O'Neil@Recaudo.Test "))).toEqual({ data: "ana.o'neil@recaudo.test" });
  });

  it('checks e-mails with zod’s own pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });
});
