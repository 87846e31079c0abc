import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import { AUTH_REDIRECT_DELAY_MS, HttpError, buildUrl, download, fileNameFrom, http, httpMessages } from './http';
import { registerNotifier } from './notify';
import { getToken, getVersion, setToken, setVersion } from './storage';

const errorToast = vi.fn();
const successToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeEach(() => {
  localStorage.clear();
  setToken('token-1');
  registerNotifier({ error: errorToast, success: successToast });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  vi.spyOn(browser, 'goToStart').mockImplementation(() => undefined);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  errorToast.mockReset();
  successToast.mockReset();
  registerNotifier(null);
});

describe('requests', () => {
  it('sends the bearer token, the stored version and JSON to /api', async () => {
    setVersion('2.0.0');
    fetchMock.mockResolvedValue(answer(200, { success: true, message: 'ok', data: { id: 1 } }));
    const result = await http.post<{ id: number }>('roles/store', { name: 'Caja' });
    expect(result.data).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/roles/store');
    const headers = init!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('x-app-version')).toBe('2.0.0');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init!.body).toBe('{"name":"Caja"}');
    expect(init!.method).toBe('POST');
  });

  it('writes query strings in bracket notation', () => {
    expect(buildUrl('clients', { search: 'ana', page: 2, filters: { status: 1, dates: ['01-01-2026', '31-01-2026'] } })).toBe(
      '/api/clients?search=ana&page=2&filters[status]=1&filters[dates][]=01-01-2026&filters[dates][]=31-01-2026',
    );
  });

  it('sends a private call without a token to the start page instead of the server', async () => {
    setToken(null);
    await expect(http.get('roles')).rejects.toBeInstanceOf(HttpError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(browser.goToStart).toHaveBeenCalled();
  });
});

describe('error catalogue', () => {
  it.each([
    [400, httpMessages.badRequest],
    [404, httpMessages.notFound],
    [419, httpMessages.expired],
    [500, httpMessages.server],
    [508, httpMessages.timeout],
  ])('shows the toast of HTTP %i', async (status, text) => {
    fetchMock.mockResolvedValue(answer(status, { success: false, message: 'del servidor' }));
    await expect(http.get('roles')).rejects.toMatchObject({ status, message: text });
    expect(errorToast).toHaveBeenCalledWith(text, []);
  });

  it('shows "Error de conexión" when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('roles')).rejects.toMatchObject({ kind: 'network' });
    expect(errorToast).toHaveBeenCalledWith(httpMessages.network, undefined);
  });

  it('aborts after 60 seconds', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = expect(http.get('roles')).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;
    expect(errorToast).toHaveBeenCalledWith(httpMessages.timeout, undefined);
  });

  it('shows the server message and every error line together on 422', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        success: false,
        message: 'Los datos no son válidos.',
        errors: { name: ['El campo Nombre es obligatorio.'], expired_session_time: ['El campo Tiempo de Expiración debe ser al menos 0.'] },
      }),
    );
    const error = await http.post('roles/store', {}).catch((caught: unknown) => caught);
    expect(errorToast).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledWith('Los datos no son válidos.', [
      'El campo Nombre es obligatorio.',
      'El campo Tiempo de Expiración debe ser al menos 0.',
    ]);
    expect((error as HttpError).errors.name).toEqual(['El campo Nombre es obligatorio.']);
  });

  it('treats success:false with HTTP 200 as a failure', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: false, message: 'No se pudo' }));
    await expect(http.get('roles')).rejects.toMatchObject({ serverMessage: 'No se pudo' });
    expect(errorToast).toHaveBeenCalledWith('No se pudo', []);
  });

  it('passes failures to the caller without a toast when silent', async () => {
    fetchMock.mockResolvedValue(answer(422, { success: false, message: 'Referencia inválida', errors: { reference: ['x'] } }));
    await expect(http.post('bank-operations/validate', {}, { silent: true })).rejects.toMatchObject({
      serverMessage: 'Referencia inválida',
      errors: { reference: ['x'] },
    });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it.each([401, 403])('on %i removes the token and goes to the start page after 2 s', async (status) => {
    fetchMock.mockResolvedValue(answer(status, { success: false, message: 'No autenticado.' }));
    await expect(http.get('roles')).rejects.toMatchObject({ status });
    expect(errorToast).toHaveBeenCalledWith(httpMessages.auth, [httpMessages.authHint]);
    expect(getToken()).toBeNull();
    expect(browser.goToStart).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AUTH_REDIRECT_DELAY_MS);
    expect(browser.goToStart).toHaveBeenCalledTimes(1);
  });

  it('keeps the token and stays when the failing call was the login', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, message: 'Las credenciales no coinciden con nuestros registros.' }));
    await expect(http.post('auth/login', { email: 'a@b.c', password: 'x' }, { public: true })).rejects.toMatchObject({
      serverMessage: 'Las credenciales no coinciden con nuestros registros.',
    });
    await vi.advanceTimersByTimeAsync(AUTH_REDIRECT_DELAY_MS * 2);
    expect(getToken()).toBe('token-1');
    expect(browser.goToStart).not.toHaveBeenCalled();
  });

  it('leaves session handling to the caller when asked (boot check)', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, message: 'No autenticado.' }));
    await expect(http.post('auth/me', undefined, { silent: true, keepSession: true })).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(AUTH_REDIRECT_DELAY_MS * 2);
    expect(browser.goToStart).not.toHaveBeenCalled();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('on 402 resets the stored version to 1.0.0 and reloads', async () => {
    setVersion('3.1.0');
    fetchMock.mockResolvedValue(answer(402, { success: false, message: 'Versión' }));
    await expect(http.get('roles')).rejects.toBeInstanceOf(HttpError);
    expect(getVersion()).toBe('1.0.0');
    expect(browser.reload).toHaveBeenCalled();
  });
});

describe('version handling', () => {
  it('stores the first version seen without reloading', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, message: '', data: [] }, { 'x-app-version': '1.2.0' }));
    await http.get('roles');
    expect(getVersion()).toBe('1.2.0');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('reloads when a GET answers another version', async () => {
    setVersion('1.2.0');
    fetchMock.mockResolvedValue(answer(200, { success: true, message: '', data: [] }, { 'x-app-version': '1.3.0' }));
    await http.get('roles');
    expect(getVersion()).toBe('1.3.0');
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for the same version or for other methods', async () => {
    setVersion('1.2.0');
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, message: '', data: [] }, { 'x-app-version': '1.2.0' }));
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, message: '', data: null }, { 'x-app-version': '1.3.0' }));
    await http.get('roles');
    await http.post('auth/logout');
    expect(browser.reload).not.toHaveBeenCalled();
  });
});

describe('download', () => {
  it('saves the blob under the server file name', async () => {
    const createObjectURL = vi.fn(() => 'blob:1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      new Response('a;b', { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''Roles%202026.csv" } }),
    );
    await download('roles/export', { query: { type_format: 'csv' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/roles/export?type_format=csv');
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });

  it('shows the download failure text', async () => {
    fetchMock.mockResolvedValue(answer(500, { success: false, message: 'boom' }));
    await expect(download('roles/export')).rejects.toBeInstanceOf(HttpError);
    expect(errorToast).toHaveBeenCalledWith(httpMessages.download, []);
  });

  it('reads plain and encoded file names', () => {
    expect(fileNameFrom('attachment; filename="clientes.xlsx"')).toBe('clientes.xlsx');
    expect(fileNameFrom(null)).toBeNull();
  });
});
