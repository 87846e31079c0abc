import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * JSON request bodies within bounds (issue 46): at most JSON_LIMITS.depth levels of nesting and
 * JSON_LIMITS.keys keys in the whole body, checked by one pass over the text before anything is
 * built from it, and an object at the top, as every JSON route of the API takes. A body past a
 * limit is refused at the first character beyond it.
 */

/** The deepest legitimate body nests three levels; the largest lists a few hundred keys. */
export const JSON_LIMITS = { depth: 64, keys: 10_000 } as const;

export const jsonBodyMessages = {
  tooDeep: `Los datos enviados tienen más de ${JSON_LIMITS.depth} niveles de anidación.`,
  tooManyKeys: `Los datos enviados tienen más de ${JSON_LIMITS.keys} campos.`,
  notAnObject: 'Los datos enviados deben ser un objeto JSON.',
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/**
 * The first limit a JSON text passes, or null. Outside strings every `{`/`[` opens a level and
 * every `:` ends a key; malformed text is left to the parser, which refuses it after.
 */
export function jsonLimitPassed(text: string, limits: { depth: number; keys: number } = JSON_LIMITS): 'depth' | 'keys' | null {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > limits.depth) return 'depth';
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    } else if (code === COLON && ++keys > limits.keys) {
      return 'keys';
    }
  }
  return null;
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces Fastify's JSON parser with the bounded one; parsing itself stays Fastify's (prototype poisoning refused). */
export function boundJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const passed = jsonLimitPassed(text);
    if (passed) {
      done(new AppError('bad_request', passed === 'depth' ? jsonBodyMessages.tooDeep : jsonBodyMessages.tooManyKeys), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) done(error, undefined);
      else if (!isObject(value)) done(new AppError('bad_request', jsonBodyMessages.notAnObject), undefined);
      else done(null, value);
    });
  });
}
