import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { REALTIME_EVENTS, realtimeMessages } from '@recaudo/domain/realtime';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../lib/notify';
import { useWatchList } from '../lib/realtime';
import { SessionContext } from '../lib/session';
import { makeSession } from '../test/render';
import { NotifyHost } from './notify-host';
import { RealtimeBridge } from './realtime-bridge';

/** A stand-in for socket.io-client's socket: records what the app sends and lets the test deliver events. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, (payload?: unknown) => void>();
  const socket = {
    connected: false,
    emitted: [] as unknown[][],
    on: (event: string, handler: (payload?: unknown) => void) => handlers.set(event, handler),
    emit: (...args: unknown[]) => socket.emitted.push(args),
    removeAllListeners: () => handlers.clear(),
    disconnect: vi.fn(),
  };
  return { socket, handlers, io: vi.fn(() => socket) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

function Watcher() {
  useWatchList('closed-boxs');
  return null;
}

function mount(token: string | null, queryClient = new QueryClient()) {
  const session = token ? { ...makeSession({ permissions: ['closed_boxs'] }), access_token: token } : null;
  const tree = (value: typeof session) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={{ session: value, signIn: vi.fn(), signOut: vi.fn(async () => undefined) }}>
        <RealtimeBridge />
        <Watcher />
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree(session));
  return { queryClient, logout: () => view.rerender(tree(null)) };
}

afterEach(() => {
  fake.io.mockClear();
  fake.socket.disconnect.mockClear();
  fake.socket.emitted = [];
  fake.socket.connected = false;
  registerNotifier(null);
});

describe('the real-time channel in the browser', () => {
  it('connects with the session token, watches the open list, toasts notices and reloads on events', async () => {
    const success = vi.fn();
    const error = vi.fn();
    registerNotifier({ success, error });
    const { queryClient } = mount('token-9');
    // socket.io-client is loaded after login: the connection opens once it arrived.
    await vi.waitFor(() => expect(fake.io).toHaveBeenCalledWith(expect.objectContaining({ auth: { token: 'token-9' }, path: '/socket.io' })));

    fake.socket.connected = true;
    act(() => fake.handlers.get('connect')!());
    expect(fake.socket.emitted).toContainEqual(['watch', 'closed-boxs']);

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => fake.handlers.get('ReloadClosedBox')!({ id: 3 }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['closed-boxs'] });
    act(() => fake.handlers.get('ReloadClients')!());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['clients'] });

    act(() => fake.handlers.get('NotificationsAdmin')!({ status: 'success', message: 'Ana reportó un pago nuevo' }));
    act(() => fake.handlers.get('NotificationsClient')!({ status: 'error', message: 'Tu pago fue rechazado' }));
    expect(success).toHaveBeenCalledWith('Ana reportó un pago nuevo');
    expect(error).toHaveBeenCalledWith('Tu pago fue rechazado', undefined);
  });

  it("shows a NotificationsUser of the user's private channel as a toast: success or error", async () => {
    const queryClient = new QueryClient();
    const session = { ...makeSession({ permissions: ['payments'] }), access_token: 'token-5' };
    render(
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={{ session, signIn: vi.fn(), signOut: vi.fn(async () => undefined) }}>
          <NotifyHost />
          <RealtimeBridge />
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(fake.handlers.get(REALTIME_EVENTS.user)).toBeDefined());
    act(() => fake.handlers.get(REALTIME_EVENTS.user)!({ status: 'success', message: realtimeMessages.recordedPaymentApproved('Luisa Mendoza') }));
    const approved = await screen.findByText('Se aprobó el pago que registraste para Luisa Mendoza');
    expect(approved.closest('.ant-message-success')).not.toBeNull();
    act(() => fake.handlers.get(REALTIME_EVENTS.user)!({ status: 'error', message: realtimeMessages.closingRejected(12, 'Lote descuadrado') }));
    const rejected = await screen.findByText('Se rechazaron pagos de tu cierre de caja #12: Lote descuadrado');
    expect(rejected.closest('.ant-message-error')).not.toBeNull();
  });

  it('disconnects on logout and stays off without a session', async () => {
    const { logout } = mount('token-9');
    await vi.waitFor(() => expect(fake.io).toHaveBeenCalledTimes(1));
    logout();
    expect(fake.socket.disconnect).toHaveBeenCalled();
    fake.io.mockClear();
    mount(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.io).not.toHaveBeenCalled();
  });

  it('opens nothing when the session ends before the socket library arrived', async () => {
    const { logout } = mount('token-9');
    logout();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.io).not.toHaveBeenCalled();
  });
});
