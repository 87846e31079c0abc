import type { FastifyServerOptions } from 'fastify';

/**
 * What the access log keeps of a request. The default would write the whole URL, and URLs carry
 * secrets: the registration code and its token in `auth/code-verification`'s query, the reset
 * token in the `/pass-change/…` page a reset e-mail opens. Their values are replaced, so a log
 * shipped elsewhere or read by an operator never opens an account.
 */
const SECRET_PARAMETERS = new Set(['token', 'code', 'password', 'confirm_password', 'current_password', 'access_token']);
const SECRET_PATHS = /^(\/pass-change\/)[^/?#]+/;
const HIDDEN = '[oculto]';

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(SECRET_PATHS, `$1${HIDDEN}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeURIComponentSafe(equals < 0 ? pair : pair.slice(0, equals));
      return equals >= 0 && SECRET_PARAMETERS.has(name.toLowerCase()) ? `${pair.slice(0, equals)}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The request serializer of the server's logger: Fastify's own fields, with the URL redacted. */
export const requestLogSerializers: NonNullable<Exclude<FastifyServerOptions['logger'], boolean | undefined>>['serializers'] = {
  req: (request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
