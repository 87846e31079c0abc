/**
 * Turns zod's compiled object parsers off before any schema is built. To decide whether it may
 * compile, zod tries `new Function('')` once, an eval the content security policy refuses: each
 * page with a form logged a violation. The web's forms are small, so the plain parser is enough;
 * the server keeps the compiled one. zod keeps its settings on this global (`z.config` writes it),
 * set here without importing zod so the login's first load stays without it.
 */
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHost.__zod_globalConfig ??= {}).jitless = true;

export {};
