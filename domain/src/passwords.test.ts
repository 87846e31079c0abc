import { describe, expect, it } from 'vitest';
import { isCommonPassword, newPasswordField, passwordMessages } from './passwords';

const problems = (password: unknown) => {
  const result = newPasswordField().safeParse(password);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the new-password rule', () => {
  it('accepts the demo password of the seeded users and other long, uncommon ones', () => {
    expect(problems('Recaudo2026!')).toEqual([]);
    expect(problems('Clave-de-prueba-1')).toEqual([]);
  });

  it('refuses fewer than 10 characters with one message', () => {
    expect(problems('Corta-12')).toEqual([passwordMessages.tooShort]);
    expect(passwordMessages.tooShort).toBe('La Contraseña debe tener al menos 10 caracteres.');
  });

  it('refuses common passwords whatever their capitals or spaces', () => {
    expect(problems('Password123')).toEqual([passwordMessages.tooCommon]);
    expect(problems('QWERTY 123456')).toEqual([passwordMessages.tooCommon]);
    expect(problems('Contraseña123')).toEqual([passwordMessages.tooCommon]);
    expect(isCommonPassword('recaudo2026!')).toBe(false);
  });

  it('asks for the password with the form’s own message when it is missing', () => {
    expect(newPasswordField('* La contrasena es requerida').safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['* La contrasena es requerida']);
    expect(problems(undefined)).toEqual(['El campo Contraseña es obligatorio.']);
  });
});
