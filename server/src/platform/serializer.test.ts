import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, pagedOf } from './envelope';
import { responseSerializer } from './serializer';

const row = z.object({
  id: z.number(),
  name: z.string(),
  note: z.string().nullable(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  kind: z.enum(['client', 'admin']),
  tags: z.array(z.object({ id: z.number(), color: z.string() })),
  extra: z.record(z.string(), z.unknown()).nullable(),
  bank: z.object({ id: z.number(), name: z.string() }).nullable(),
  type: z.union([z.literal(0), z.literal(1)]).nullable(),
  months: z.array(z.string()).nullable(),
  // fast-json-stringify writes required keys first: zod's order holds while optional ones come last.
  optional: z.string().optional(),
});
const schema = envelope(pagedOf(row));
const data = {
  success: true,
  message: 'Operación exitosa',
  data: {
    data: [
      { id: 1, name: 'Comillas " y \\ barra, ñandú\n', note: null, status: 2, kind: 'admin', tags: [{ id: 3, color: '#fff' }], extra: { a: [1, 'b'], c: null }, hidden: 'no sale', bank: { id: 4, name: 'Banco "Uno"', code: 'no sale' }, type: 1, months: ['2026-01'] },
      { id: 2, name: '', note: 'nota', status: 0, kind: 'client', tags: [], extra: null, optional: 'sí', bank: null, type: null, months: null },
    ],
    current_page: 1,
    per_page: 10,
    total: 2,
    last_page: 1,
  },
};

async function answer(checked: boolean | 'zod', body: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checked === 'zod' ? serializerCompiler : responseSerializer(checked));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
  const response = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return response;
}

describe('response serializer', () => {
  it('writes exactly the text zod wrote, unknown fields left out, in production and checked alike', async () => {
    const byZod = await answer('zod', data);
    expect(byZod.statusCode).toBe(200);
    expect(byZod.body).not.toContain('no sale');
    expect((await answer(false, data)).body).toBe(byZod.body);
    expect((await answer(true, data)).body).toBe(byZod.body);
  });

  it('refuses, when checked, an answer its schema does not describe', async () => {
    const wrong = { ...data, data: { ...data.data, data: [{ ...data.data.data[1], id: 'dos' }] } };
    expect((await answer(true, wrong)).statusCode).toBe(500);
  });
});
