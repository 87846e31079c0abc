import type { Server as HttpServer } from 'node:http';
import { realtimeBus } from './realtime-bus';
import { Server, type Socket } from 'socket.io';
import { hasPermission, type Permission } from '@recaudo/domain/permissions';
import type { REALTIME_EVENTS } from '@recaudo/domain/realtime';
import { type WatchedList } from '@recaudo/domain/realtime';
import type { Database } from '../db/client';
import { authenticateToken, liveSessions, type AuthContext } from '../modules/auth/service';

/**
 * The real-time channel (spec 01 §1, spec 03 §7): socket.io on the API's port. The handshake
 * carries the access token (`auth.token` or `Authorization: Bearer`); an unknown or ended token
 * is refused. Every user joins their private room, client users also their client's room, staff
 * holding `payments` the admin room (reported payments); a screen that wants a list's reload events asks to `watch` it and joins its
 * room when the user holds the list's permission. With PostgreSQL, events cross server processes
 * through @socket.io/postgres-adapter (LISTEN/NOTIFY, docs/decisions.md).
 */

export type RealtimeEvent = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

export const rooms = {
  user: (id: number) => `user:${id}`,
  /** Every socket opened with one access token: a session that ends cuts them. */
  session: (tokenId: number) => `session:${tokenId}`,
  /** Every socket of a role's users: a change to the role's permissions cuts them, so they reconnect with the new ones. */
  role: (id: number) => `role:${id}`,
  client: (id: number) => `client:${id}`,
  admin: 'admin',
  list: (name: WatchedList) => `list:${name}`,
};

/** The permission each watchable list needs. */
const WATCHABLE: Record<WatchedList, Permission> = { 'closed-boxs': 'closed_boxs', clients: 'clients' };

export interface Realtime {
  emit(to: string | string[], event: RealtimeEvent, payload?: unknown): void;
  /** On PostgreSQL: whether events of other processes reach this one (/api/health's `realtime`). */
  crossesProcesses: (() => boolean) | null;
  /** Cuts every socket in these rooms, in every process (the PostgreSQL adapter carries it); none for an empty list. */
  disconnect(from: string | string[]): void;
  /** The socket.io server, once attached to the HTTP server. */
  readonly io: Server | null;
  close(): Promise<void>;
}

function handshakeToken(socket: Socket): string | null {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.trim()) return fromAuth.trim();
  const header = socket.handshake.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || null : null;
}

function joinRooms(socket: Socket, auth: AuthContext): void {
  void socket.join([rooms.user(auth.user.id), rooms.session(auth.tokenId), rooms.role(auth.user.roleId)]);
  if (auth.user.clientId !== null) void socket.join(rooms.client(auth.user.clientId));
  // The admin room carries the payments clients report: only staff who may read payments (issue 46).
  else if (hasPermission([...auth.permissions], 'payments')) void socket.join(rooms.admin);
  socket.on('watch', (list: unknown) => {
    if (typeof list !== 'string' || !(list in WATCHABLE) || auth.user.clientId !== null) return;
    const name = list as WatchedList;
    if (hasPermission([...auth.permissions], WATCHABLE[name])) void socket.join(rooms.list(name));
  });
  socket.on('unwatch', (list: unknown) => {
    if (typeof list === 'string' && list in WATCHABLE) void socket.leave(rooms.list(list as WatchedList));
  });
}

/**
 * Cuts this process's sockets whose session no longer lets them in: idle past the role's limit,
 * ended, or its user or role switched off. An idle session ends without any request or event to
 * notice it, hence a timer rather than a check on each event (a socket that only listens sends
 * none); the explicit ends (logout, closing a session, disabling a user, a role or password
 * change) cut at once through `disconnect`, and this sweep also catches any a process missed.
 */
async function sweepEndedSessions(io: Server, db: Database): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  const tokenIds = [...new Set(sockets.map((socket) => (socket.data.auth as AuthContext).tokenId))];
  if (!tokenIds.length) return;
  const alive = await liveSessions(db, tokenIds);
  for (const socket of sockets) if (!alive.has((socket.data.auth as AuthContext).tokenId)) socket.disconnect(true);
}

/** Attaches socket.io to the HTTP server; with `databaseUrl` the rooms span every process on that database. */
export function attachRealtime(server: HttpServer, options: { db: Database; databaseUrl?: string; sweepSeconds: number }): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  const bus = options.databaseUrl ? realtimeBus(options.databaseUrl) : null;
  if (bus) io.adapter(bus.adapter);
  io.use((socket, next) => {
    const token = handshakeToken(socket);
    const check = token ? authenticateToken(options.db, token) : Promise.resolve(null);
    check.then(
      (auth) => {
        // A user who must change their password may do nothing else until they have, listening included.
        if (!auth || auth.user.changePassword) return next(new Error('Fallo de autenticación'));
        socket.data.auth = auth;
        next();
      },
      () => next(new Error('Fallo de autenticación')),
    );
  });
  io.on('connection', (socket) => joinRooms(socket, socket.data.auth as AuthContext));
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    // A failed sweep (the database restarting) is retried on the next tick.
    sweepEndedSessions(io, options.db)
      .catch(() => undefined)
      .finally(() => (sweeping = false));
  }, options.sweepSeconds * 1000);
  sweep.unref();
  return {
    io,
    emit(to, event, payload = {}) {
      io.to(to).emit(event, payload);
    },
    disconnect(from) {
      // No rooms would mean every socket to socket.io: a change that ends nothing cuts nobody.
      if (from.length === 0) return;
      io.in(from).disconnectSockets(true);
    },
    crossesProcesses: bus ? () => bus.listening() : null,
    async close() {
      clearInterval(sweep);
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close();
      await bus?.end();
    },
  };
}
