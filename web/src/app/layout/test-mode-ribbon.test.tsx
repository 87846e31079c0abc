import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http';
import { setToken } from '../../lib/storage';
import { TestModeRibbon } from './test-mode-ribbon';

const NOTICE = 'Modo de prueba: banco e imprenta simulados';
const answer = (headers: Record<string, string>) =>
  new Response(JSON.stringify({ success: true, message: '', data: [] }), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('the test-mode ribbon', () => {
  it('shows the notice every answer of a server on simulators carries, and goes when the answers stop carrying it', async () => {
    setToken('token-1');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(answer({ 'x-test-mode': encodeURIComponent(NOTICE) }));
    vi.stubGlobal('fetch', fetchMock);
    render(<TestModeRibbon />);
    expect(screen.queryByRole('note')).toBeNull();
    await http.get('banks');
    expect(await screen.findByRole('note')).toHaveTextContent(NOTICE);
    fetchMock.mockResolvedValueOnce(answer({}));
    await http.get('banks');
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });
});
