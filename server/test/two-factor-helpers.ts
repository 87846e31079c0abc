import { totpCode, totpStep } from '../src/modules/auth/totp';
import type { TestContext, TestUser } from './harness';
import { TEST_PASSWORD } from './harness';

/** The code of `stepsAhead` steps from now: ahead, so a step turning mid-test keeps it inside the ±1 window. */
export const codeAhead = (secret: string, stepsAhead = 0) => totpCode(secret, (totpStep(Date.now()) + stepsAhead) * 30_000);

/** Sets up and enables a second factor for the user through the API; answers the setup. */
export async function enrol(ctx: TestContext, user: TestUser) {
  const setup = await ctx.call('POST', '/api/auth/2fa/setup', { token: user.token, body: { current_password: TEST_PASSWORD } });
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status}`);
  const enabled = await ctx.call('POST', '/api/auth/2fa/enable', { token: user.token, body: { code: codeAhead(setup.body.data.secret) } });
  if (enabled.status !== 200) throw new Error(`enable answered ${enabled.status}`);
  return setup.body.data as { secret: string; otpauth_url: string; qr_code: string; recovery_codes: string[] };
}

export const passwordStep = (ctx: TestContext, user: { email: string }, ip = '10.9.0.1') =>
  ctx.call('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD }, ip });

export const codeStep = (ctx: TestContext, challenge: string, code: string, ip = '10.9.0.1') =>
  ctx.call('POST', '/api/auth/2fa/verify', { body: { challenge, code }, ip });
