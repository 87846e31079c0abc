import { afterEach, beforeEach, vi } from 'vitest';
import { registerNotifier } from '../lib/notify';
import { setToken } from '../lib/storage';

/** A success envelope as the server answers it. */
export const ok = (data: unknown, message = 'OK') => new Response(JSON.stringify({ success: true, message, data }), { status: 200 });

/** The server's 404 envelope, for any call a test's route doesn't expect. */
export const notFound = () => new Response(JSON.stringify({ success: false, message: 'No encontrado' }), { status: 404 });

/**
 * A logged-in browser against a fake API: every `fetch` goes to `route`, toasts go to spies,
 * and everything is reset after each test. `const api = installFakeApi(route)`, then
 * `api.fetch`, `api.success`, `api.error` in the assertions.
 */
export function installFakeApi(route: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const api = { fetch: vi.fn<typeof fetch>(), success: vi.fn(), error: vi.fn() };
  beforeEach(() => {
    setToken('token-1');
    registerNotifier({ error: api.error, success: api.success });
    api.fetch.mockImplementation(async (url, init) => route(String(url), init));
    vi.stubGlobal('fetch', api.fetch);
  });
  afterEach(() => {
    registerNotifier(null);
    vi.unstubAllGlobals();
    api.fetch.mockReset();
    api.success.mockReset();
    api.error.mockReset();
    localStorage.clear();
  });
  return api;
}
