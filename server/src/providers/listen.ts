import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on `port`; with `anyPortIfTaken`, a port already in use (a second demo on the same
 * machine) gives way to a free one, which the start banner then shows. Answers the port bound.
 */
export async function listenOn(server: http.Server, options: { port?: number; host?: string; anyPortIfTaken?: boolean }): Promise<number> {
  const host = options.host ?? '127.0.0.1';
  const attempt = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      server.once('error', failed);
      server.listen(port, host, () => {
        server.off('error', failed);
        resolve();
      });
    });
  try {
    await attempt(options.port ?? 0);
  } catch (error) {
    if (!options.anyPortIfTaken || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await attempt(0);
  }
  return (server.address() as AddressInfo).port;
}
