import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The policy's sources ('sha256-…') for a page's inline scripts: under `script-src 'self'` they run only by their hash. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => `'sha256-${crypto.createHash('sha256').update(body ?? '').digest('base64')}'`);
}

/** The build's login page, read when the server starts: a build without it is refused before anything else is set up. */
export interface LoginPage {
  /** The policy's sources for its inline scripts. */
  scriptSources: string;
}

export function loginPageOf(dist: string): LoginPage {
  const file = path.join(dist, 'login.html');
  if (!fs.existsSync(file)) throw new Error(`${dist} lacks login.html: build the web client again (npm run build)`);
  return { scriptSources: inlineScriptSources(fs.readFileSync(file, 'utf8')).join(' ') };
}

/**
 * /login answers the build's login.html, a page of its own without React or antd (docs/decisions.md,
 * "The login page"): the web app loads it from here whenever it leads to the login. Its one inline
 * script, which applies the last theme before the first paint, is allowed by its hash on this page
 * alone. Registered where the build is served (`reply.sendFile`, with its compressed copies).
 */
export function serveLoginPage(app: FastifyInstance, { scriptSources }: LoginPage): void {
  for (const url of ['/login', '/login/']) {
    app.get(url, { schema: { hide: true } }, (_request, reply) => {
      const policy = String(reply.raw.getHeader('content-security-policy') ?? '');
      if (scriptSources) reply.header('content-security-policy', policy.replace("script-src 'self'", `script-src 'self' ${scriptSources}`));
      return reply.sendFile('login.html');
    });
  }
}
