import type { FormInstance, Rule } from 'antd/es/form';
import { HttpError } from './http';

/** The shape of a zod schema that matters here, so web needs no zod import of its own. */
interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * An antd rule from a field of a domain zod schema: the form shows exactly the Spanish
 * message the server would answer (DESIGN §6).
 */
export function zodRule(schema: Parser, toWire: (value: unknown) => unknown = (value) => value): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      // `toWire` turns what the input holds (a Dayjs, masked text) into what the API receives.
      const result = schema.safeParse(toWire(value));
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? 'Valor inválido.');
    },
  };
}

/**
 * Puts a 422's `{ field: [messages] }` back on the form fields (the toast is already shown).
 * `placeOf` names where a field the form holds under another path lands (a list's row: issue 49's
 * tender lines); the others land on the field of their own name.
 */
export function applyServerErrors(form: FormInstance, error: unknown, placeOf: (name: string) => (string | number)[] | null = () => null): void {
  if (!(error instanceof HttpError)) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = Object.entries(error.errors).flatMap(([name, errors]): { name: string | (string | number)[]; errors: string[] }[] => {
    const placed = placeOf(name);
    if (placed) return [{ name: placed, errors }];
    return known.has(name) ? [{ name, errors }] : [];
  });
  if (fields.length) form.setFields(fields);
}
