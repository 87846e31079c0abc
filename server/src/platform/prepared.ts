import type { Executor } from '../db/client';

/**
 * A statement that every request runs with other values only (a page's rows by id, the session
 * of a token), built once per database or transaction and per `variant` (what changes its text,
 * such as the current month), then prepared under a name. Drizzle then neither rebuilds nor
 * re-renders it, and PostgreSQL parses it once per connection instead of on every request: a
 * named statement's text must never change, so the name carries the variant.
 *
 * Use it for the fixed statements of hot paths, with `sql.placeholder()` for the values; a
 * list's `where` that the caller's filters shape stays built per request.
 */
export function preparedStatement<P>(name: string, build: (db: Executor, statementName: string, variant: string) => P): (db: Executor, variant?: string) => P {
  const built = new WeakMap<Executor, Map<string, P>>();
  return (db, variant = '') => {
    let variants = built.get(db);
    if (!variants) built.set(db, (variants = new Map()));
    let statement = variants.get(variant);
    if (!statement) {
      statement = build(db, variant ? `${name}_${variant.replace(/\W/g, '_')}` : name, variant);
      variants.set(variant, statement);
    }
    return statement;
  };
}
