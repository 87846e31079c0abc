import { describe, expect, it } from 'vitest';

describe('zod under the content security policy', () => {
  it('builds schemas without compiling them, so zod never probes eval', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const evalProbe = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(evalProbe, {
      apply: (...args) => ((probed = true), Reflect.apply(...args)),
      construct: (...args) => ((probed = true), Reflect.construct(...args)),
    });
    try {
      const schema = z.object({ name: z.string(), amount: z.number() });
      expect(schema.parse({ name: 'Ana', amount: 1 })).toEqual({ name: 'Ana', amount: 1 });
      expect(schema.safeParse({ name: 1 }).success).toBe(false);
    } finally {
      globalThis.Function = evalProbe;
    }
    expect(probed).toBe(false);
  });
});
