import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

/**
 * fast-json-stringify compiled from the route's zod response schema (its JSON Schema as written),
 * or null when the schema has no JSON Schema form.
 */
function compiledFromSchema(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * Responses are written by fast-json-stringify from each route's zod schema: zod's encode before
 * JSON.stringify was a tenth of a list request's CPU. In production that is all. With `checked`
 * (tests, development) every answer is also encoded by zod as before, which refuses data the
 * schema does not describe, and both texts must be equal: the suite proves the fast writer answers
 * exactly what zod would have. A schema without a JSON Schema form keeps zod's serializer.
 */
export function responseSerializer(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const byZod = zodSerializerCompiler(route as RouteSchema) as Serialize;
    // Compiled on a route's first answer: compiling all 250 answers at start-up took half a second.
    let fast: Serialize | null | undefined;
    return (data) => {
      if (fast === undefined) fast = compiledFromSchema(route.schema);
      if (!fast) return byZod(data);
      if (!checked) return fast(data);
      const expected = byZod(data);
      const written = fast(data);
      if (written !== expected) throw new Error(`${route.method} ${route.url} ${route.httpStatus}: fast-json-stringify escribió ${written}, zod ${expected}`);
      return written;
    };
  };
}
