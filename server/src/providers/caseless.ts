/**
 * A read-only view of parsed JSON whose keys are found whatever their case: The Factory HKA's
 * ASP.NET service binds `DocumentoElectronico` like `documentoElectronico` (providers.md §5), and
 * an answer may come back either way, so both the simulator and the adapter read through this.
 */
export function caseless<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  return new Proxy(value as object, {
    get(target, key) {
      if (typeof key !== 'string' || key in target) return caseless(Reflect.get(target, key) as unknown);
      const wanted = key.toLowerCase();
      const found = Object.keys(target).find((name) => name.toLowerCase() === wanted);
      return found === undefined ? undefined : caseless((target as Record<string, unknown>)[found]);
    },
  }) as T;
}
