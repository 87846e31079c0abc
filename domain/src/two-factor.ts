/**
 * Two-factor login (issue 35): texts and shapes shared by the server and the web. No zod here:
 * the login page reads these and must stay within its size budget (see login.ts); the request
 * schemas live in auth.ts.
 */

export const RECOVERY_CODE_COUNT = 10;
/** Minutes the second step of a login waits for its code. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Wrong codes one challenge takes before the login must start again (the throttle counts them too). */
export const TWO_FACTOR_CHALLENGE_TRIES = 5;

/** `auth/2fa/setup`: shown once; the QR code is `otpauth_url` drawn as an SVG data URL. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  qr_code: string;
  recovery_codes: string[];
}

/** What `auth/login` answers instead of a session when the account has a second factor. */
export interface TwoFactorChallenge {
  two_factor_required: true;
  challenge: string;
}

export const isTwoFactorChallenge = (answer: object): answer is TwoFactorChallenge => 'two_factor_required' in answer;

export const messagesTwoFactor = {
  codeRequired: 'Ingresa el código de tu aplicación de autenticación.',
  codeInvalid: 'El código de verificación es incorrecto.',
  challengeInvalid: 'La verificación venció o superó los intentos permitidos. Inicia sesión de nuevo.',
  alreadyEnabled: 'Ya tienes la verificación en dos pasos activada. Desactívala antes de configurarla de nuevo.',
  notSetUp: 'Primero genera el código QR y escanéalo con tu aplicación de autenticación.',
  notEnabled: 'No tienes la verificación en dos pasos activada.',
  requiredByRole: 'Tu rol exige la verificación en dos pasos; no puedes desactivarla.',
  setupFirst: 'Tu rol exige la verificación en dos pasos. Actívala antes de continuar.',
  passwordRequired: 'Escribe tu contraseña actual para configurar la verificación en dos pasos.',
  setupReady: 'Escanea el código QR y guarda tus códigos de recuperación.',
  enabled: 'Verificación en dos pasos activada',
  disabled: 'Verificación en dos pasos desactivada',
  reset: 'Se restableció la verificación en dos pasos del usuario',
  resetNotEnabled: 'Este usuario no tiene la verificación en dos pasos configurada.',
} as const;
