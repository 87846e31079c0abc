import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

type JsonSchema = Record<string, unknown>;

const isNullType = (option: JsonSchema) => Object.keys(option).length === 1 && option.type === 'null';
const isConstOf = (type: unknown) => (option: JsonSchema) => option.type === type && Object.keys(option).every((key) => key === 'type' || key === 'const');

/**
 * The JSON Schema fast-json-stringify writes from without validating at run time. For an `anyOf`
 * it validates every value with Ajv to pick the branch: zod writes a nullable object as
 * `anyOf: [object, null]` and a union of literals as `anyOf` of consts, so a payments page ran the
 * validator on every row's bank, series, community, parish, activity, creator and statuses
 * (its serializing 82–113 → 65–87 µs without). A nullable object becomes the object with
 * `nullable: true`; consts of one type become that type, written as they are. Other unions stay.
 */
function withoutRuntimeChoices(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRuntimeChoices);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withoutRuntimeChoices(value)])) as JsonSchema;
  // A `properties` map is walked too: a field named anyOf there is not a union.
  if (!Array.isArray(schema.anyOf)) return schema;
  const options = schema.anyOf as JsonSchema[];
  const { anyOf: _options, ...siblings } = schema;
  const others = options.filter((option) => !isNullType(option));
  const nullable = others.length < options.length ? { nullable: true } : {};
  const [first] = others;
  if (others.length === 1 && typeof first!.type === 'string' && !first!.anyOf && !first!.nullable) return { ...siblings, ...first, ...nullable };
  if (first && typeof first.type === 'string' && others.every(isConstOf(first.type))) return { ...siblings, type: first.type, ...nullable };
  return schema;
}

/**
 * fast-json-stringify compiled from the route's zod response schema (its JSON Schema without
 * run-time choices), or null when the schema has no JSON Schema form.
 */
function compiledFromSchema(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return fastJson(withoutRuntimeChoices(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as Parameters<typeof fastJson>[0]) as Serialize;
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
