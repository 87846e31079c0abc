/**
 * The address a person opens: a wildcard or the IPv4 loopback listening address is reached as
 * localhost (browsers try it on IPv4 too).
 */
export function listeningUrl(host: string, port: number): string {
  const name = ['0.0.0.0', '::', '', '127.0.0.1'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
