import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { redactUrl } from './request-log';

/** Tokens and codes never reach the access log (issue 31): the server's real logger, captured. */
let ctx: TestContext;
let logged: string[];
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  logged = [];
  app = await buildApp(loadConfig({ LOG_LEVEL: 'info', DEMO_SEED: 'false', NODE_ENV: 'test' }), ctx.db, {
    serveWeb: false,
    logStream: { write: (line: string) => void logged.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const urlsLogged = () => logged.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));

describe('the access log', () => {
  it('hides the registration code and its token, keeping the rest of the request', async () => {
    const token = 'a'.repeat(43);
    const response = await app.inject({ method: 'GET', url: `/api/auth/code-verification?identification_type=V&identification=12345678&token=${token}&code=482913` });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const urls = urlsLogged();
    expect(urls).toContain('/api/auth/code-verification?identification_type=V&identification=12345678&token=[oculto]&code=[oculto]');
    expect(logged.join('\n')).not.toContain(token);
    expect(logged.join('\n')).not.toContain('482913');
  });

  it('hides the reset token of the page a reset e-mail opens', async () => {
    const token = 'b'.repeat(43);
    await app.inject({ method: 'GET', url: `/pass-change/${token}` });
    expect(urlsLogged()).toContain('/pass-change/[oculto]');
    expect(logged.join('\n')).not.toContain(token);
  });
});

describe('redactUrl', () => {
  it('hides secret parameters whatever their case or encoding, and only those', () => {
    expect(redactUrl('/api/x?Token=1&page=2&%63ode=3&codes=4&password=5')).toBe('/api/x?Token=[oculto]&page=2&%63ode=[oculto]&codes=4&password=[oculto]');
    expect(redactUrl('/api/clients?search=token&per_page=10')).toBe('/api/clients?search=token&per_page=10');
    expect(redactUrl('/pass-change/abc?x=1')).toBe('/pass-change/[oculto]?x=1');
  });
});
