import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/databases';
import { buildApp } from '../app';
import { loadConfig } from '../config';

// A build as `npm run build` leaves it: hashed assets with their Brotli and gzip copies, a small
// asset without copies, and index.html (compressed too).
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Cliente ${index}` })))};\n`;
const page = `<!doctype html><html lang="es"><head><title>Recaudo</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const themeScript = "if (localStorage.getItem('recaudo.theme') === 'dark') document.documentElement.dataset.theme = 'dark';";
const loginPage = `<!doctype html><html lang="es"><head><title>Recaudo | Iniciar sesión</title><script>${themeScript}</script></head><body><form id="login-form"></form><script type="module" crossorigin src="/assets/login-Ij90Kl12.js"></script>${' '.repeat(2000)}</body></html>`;
const YEAR = 'public, max-age=31536000, immutable';

let dist: string;
let app: FastifyInstance;
let database: Awaited<ReturnType<typeof freshDatabase>>;

function write(file: string, content: string, { compressed }: { compressed: boolean }) {
  const target = path.join(dist, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  if (!compressed) return;
  fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-dist-'));
  write('index.html', page, { compressed: true });
  write('login.html', loginPage, { compressed: true });
  write('assets/payments-Ab12Cd34.js', script, { compressed: true });
  write('assets/tiny-Ef56Gh78.js', 'export {};\n', { compressed: false });
  database = await freshDatabase();
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false', NODE_ENV: 'test', WEB_DIST: dist }), database.db);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web client as the server delivers it', () => {
  it('sends a hashed asset as Brotli to a browser that takes it, cached for a year without revalidation', async () => {
    const answer = await get('/assets/payments-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(answer.headers['cache-control']).toBe(YEAR);
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
    expect(answer.rawPayload.length).toBeLessThan(script.length / 3);
    // No page policy on a script (it does nothing there and weighed a kilobyte per asset); what applies to a script stays.
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends gzip to a client without Brotli, and the plain file to one that takes neither, with the same caching', async () => {
    const gzipped = await get('/assets/payments-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.headers['cache-control']).toBe(YEAR);

    const plain = await get('/assets/payments-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(YEAR);
    // A shared cache must not hand the plain copy to a browser that takes Brotli.
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends an asset without compressed copies as it is, still cached for a year', async () => {
    const answer = await get('/assets/tiny-Ef56Gh78.js', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('export {};\n');
    expect(answer.headers['cache-control']).toBe(YEAR);
  });

  it('has the browser ask for index.html every time, at every address of the app, compressed', async () => {
    for (const url of ['/', '/index.html', '/payments', '/client-detail/7?x=1']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(answer.rawPayload).toString(), url).toBe(page);
    }
  });

  it('answers the public verification addresses with the page the server draws, not the web app', async () => {
    for (const url of ['/verify-payment/abc', '/verify-solvency/abc?x=1', '/verify-statement/abc', `/verify-payment/${'a'.repeat(300)}`]) {
      const answer = await get(url, 'br, gzip');
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toBe('text/html; charset=utf-8');
      // Drawn per request, so compressed as it is sent: about 5 KB of HTML in under 2 KB.
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(String(answer.headers.vary), url).toMatch(/accept-encoding/i);
      const html = zlib.brotliDecompressSync(answer.rawPayload).toString();
      expect(answer.rawPayload.length, url).toBeLessThan(html.length / 2);
      expect(html, url).toContain('<h2 class="result-title">Error!</h2>');
      expect(html, url).not.toContain('<script');
      const gzipped = await get(url, 'gzip');
      expect(gzipped.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzipped.rawPayload).toString(), url).toBe(html);
    }
  });

  it('answers /login with the login page of the build (login.html), revalidated, compressed, its inline script allowed by its hash there alone', async () => {
    const hash = `'sha256-${crypto.createHash('sha256').update(themeScript).digest('base64')}'`;
    for (const url of ['/login', '/login/', '/login?next=1']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(answer.rawPayload).toString(), url).toBe(loginPage);
      const policy = String(answer.headers['content-security-policy']);
      expect(policy, url).toContain(`script-src 'self' ${hash};`);
      expect(policy, url).toContain("object-src 'none'");
    }
    expect(String((await get('/payments')).headers['content-security-policy'])).not.toContain('sha256-');
    // Not at its file's own address, where the policy would refuse its script: there the app answers.
    expect((await get('/login.html')).body).toBe(page);
  });

  it('refuses to start on a build without its login page, which the web app would send back here forever', async () => {
    const incomplete = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-dist-'));
    fs.writeFileSync(path.join(incomplete, 'index.html'), page);
    await expect(buildApp(loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false', NODE_ENV: 'test', WEB_DIST: incomplete }), database.db)).rejects.toThrow(/lacks login\.html/);
    fs.rmSync(incomplete, { recursive: true, force: true });
  });

  it('compresses no API answer: only the pages the server draws are compressed as they are sent', async () => {
    // The API's description: a public JSON answer of many kilobytes, past any compression threshold.
    const answer = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.length).toBeGreaterThan(10_000);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.json()).toHaveProperty('openapi');
  });

  it("answers a missing asset (an earlier release's chunk) with the JSON 404, never the page as a script", async () => {
    const answer = await get('/assets/payments-OldHash1.js', 'br');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ success: false });
  });

  it("lets the page frame only its own blob: documents (the invoice viewer's PDF) and embed no objects", async () => {
    const policy = String((await get('/payments')).headers['content-security-policy']);
    expect(policy).toContain("frame-src 'self' blob:");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-eval');
  });
});
