import { io as connect, type Socket } from 'socket.io-client';

export interface TestSocket {
  socket: Socket;
  /** Every event received, in order. */
  received: { event: string; payload: unknown }[];
  /** The reason of the disconnect once it happened ('io server disconnect' when the server cut it). */
  disconnectReason: () => string | null;
}

/**
 * A connected socket.io client, as the web opens it (token in `auth.token`, or in an
 * Authorization header), watching the given lists; rejects with the handshake's refusal.
 * Each socket is added to `opened` so the test file closes them all at the end.
 */
export async function openSocket(
  target: string,
  opened: Socket[],
  options: { token?: string; header?: boolean; watch?: string[] } = {},
): Promise<TestSocket> {
  const received: { event: string; payload: unknown }[] = [];
  let reason: string | null = null;
  const socket = connect(target, {
    transports: ['websocket'],
    reconnection: false,
    ...(options.header ? { extraHeaders: { authorization: `Bearer ${options.token}` } } : { auth: options.token ? { token: options.token } : {} }),
  });
  opened.push(socket);
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  socket.on('disconnect', (why) => (reason = why));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  for (const list of options.watch ?? []) socket.emit('watch', list);
  // The watch requests travel before any event the test triggers next.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { socket, received, disconnectReason: () => reason };
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, or fails with `what` after the timeout. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'el evento no llegó') {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(what);
    await settle(25);
  }
}
