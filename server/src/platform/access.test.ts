import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';

/**
 * Issue 31: a staff role without any permission reaches only its own session and profile,
 * Solvencias (open to all staff, spec 01 §2; its pickers need `clients` since issue 46) and the public pages. Everything
 * else the OpenAPI document lists answers 403, so a new route that forgets its permission fails here.
 */
const OPEN_TO_ANY_STAFF = new Set([
  // The caller's own session and profile.
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/me',
  'PUT /api/auth/theme',
  'PUT /api/users/profile',
  'GET /api/modules-by-role',
  // The caller's own second factor (issue 35).
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/2fa/disable',
  // Solvencias; its pickers of clients, addresses and users follow the tree (issue 46).
  'GET /api/solvencies',
  'POST /api/solvencies/send-mail-solvency-pdf',
  'GET /api/solvencies/generate-solvency-pdf/{hash}',
  // Public pages: registration, password reset, verification, health, uploaded images.
  'POST /api/auth/verify-identification',
  'POST /api/auth/code-verification',
  'GET /api/auth/code-verification',
  'POST /api/auth/register',
  'POST /api/auth/send-token',
  'POST /api/auth/verify-token',
  'POST /api/auth/reset-password',
  'POST /api/auth/2fa/verify',
  'GET /api/data-regional',
  'GET /api/verify-solvency/{hash}',
  'GET /api/verify-payment/{hash}',
  'GET /api/verify-statement/{hash}',
  'GET /api/health',
  'GET /api/uploads/payment-methods/{file}',
]);

let ctx: TestContext;
let nobody: TestUser;
let operations: { method: string; path: string; url: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  nobody = await ctx.staff({ permissions: [] });
  const doc = await ctx.call('GET', '/api/docs/json');
  expect(doc.status).toBe(200);
  operations = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, byMethod]) =>
    Object.keys(byMethod).map((method) => ({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, '1') })),
  );
});
afterAll(() => ctx.close());

describe('a staff role without permissions', () => {
  it('gets 403 on every route of the OpenAPI document but its session, Solvencias with its pickers and the public pages', async () => {
    expect(operations.length).toBeGreaterThan(150);
    const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    // Every allowed route exists: a renamed one would otherwise pass unnoticed.
    expect([...OPEN_TO_ANY_STAFF].filter((route) => !documented.has(route))).toEqual([]);

    const refused: string[] = [];
    const wronglyOpen: string[] = [];
    const wronglyClosed: string[] = [];
    // Log-out last: it ends the session the other calls use.
    const ordered = [...operations].sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
    for (const { method, path, url } of ordered) {
      const route = `${method} ${path}`;
      const answer = await ctx.call(method as 'GET', url, { token: nobody.token, ...(method === 'GET' ? {} : { body: {} }) });
      if (OPEN_TO_ANY_STAFF.has(route)) {
        if (answer.status === 403) wronglyClosed.push(route);
      } else if (answer.status !== 403 || answer.body.message !== messagesAuth.forbidden) {
        wronglyOpen.push(`${route} → ${answer.status}`);
      } else {
        refused.push(route);
      }
    }
    expect(wronglyOpen).toEqual([]);
    expect(wronglyClosed).toEqual([]);
    expect(refused.length).toBe(operations.length - OPEN_TO_ANY_STAFF.size);
  });

  it('reads Solvencias; the pickers of other clients, their addresses and users answer 403 without clients (issue 46)', async () => {
    const client = await ctx.clientUser({ name: 'Picker Contacto', email: 'contacto@correo.test', phone: ['4141234567'] });
    const token = await ctx.tokenFor(nobody.id);
    expect((await ctx.call('GET', '/api/solvencies', { token })).status).toBe(200);
    const solvencies = await ctx.staff({ permissions: ['solvencies', 'add_solvency', 'payments', 'add_payment'] });
    const pickers = [
      '/api/clients/all-clients',
      '/api/clients/select',
      '/api/clients/selects/data',
      `/api/addresses-payment/address-select-client/${client.clientId}`,
      '/api/users/all-selects',
    ];
    for (const url of pickers) {
      const answer = await ctx.call('GET', url, { token: solvencies.token });
      expect(answer, url).toMatchObject({ status: 403, body: { message: messagesAuth.forbidden } });
    }
    const reader = await ctx.staff({ permissions: ['clients'] });
    for (const url of pickers) expect((await ctx.call('GET', url, { token: reader.token })).status, url).toBe(200);
    const picked = await ctx.call('GET', '/api/clients/selects/data', { token: reader.token, query: { search: 'Picker Contacto' } });
    expect(picked.body.data).toEqual([
      { id: client.clientId, name: 'Picker Contacto', identification_type: 'V', identification: expect.any(String), type: 0, email: 'contacto@correo.test', phone: ['4141234567'] },
    ]);
  });
});

describe('client users', () => {
  it('are refused the staff pickers that are not theirs and the staff dashboard, and reach their own', async () => {
    const client = await ctx.clientUser();
    for (const url of ['/api/users/all-selects', '/api/tickets-payments/selects', '/api/dashboard/admin', '/api/correlatives/selects']) {
      expect((await ctx.call('GET', url, { token: client.token })).status, url).toBe(403);
    }
    expect((await ctx.call('GET', '/api/dashboard/client', { token: client.token })).status).toBe(200);
    expect((await ctx.call('GET', '/api/addresses-payment/address-client/client', { token: client.token })).status).toBe(200);
    // The client portal's own routes are not a staff route: staff get 403.
    expect((await ctx.call('GET', '/api/dashboard/client', { token: await ctx.tokenFor(nobody.id) })).status).toBe(403);
  });
});
