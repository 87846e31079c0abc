/**
 * Bracket-notation query strings as the API reads them (qs style, DESIGN §3):
 * `filters[status]=1&filters[dates][]=01-01-2026&sorter[field]=name`. Written here instead of
 * importing qs, whose parser and polyfills would cost the login page ~20 KB gzip.
 * Null and undefined are skipped; values are URI-encoded, brackets are kept readable.
 */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item) => add(`${key}[]`, item));
    } else if (value instanceof Date) {
      parts.push(`${key}=${encodeURIComponent(value.toISOString())}`);
    } else if (typeof value === 'object') {
      Object.entries(value as Record<string, unknown>).forEach(([child, item]) => add(`${key}[${child}]`, item));
    } else {
      parts.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  };
  Object.entries(params).forEach(([key, value]) => add(encodeURIComponent(key), value));
  return parts.join('&');
}
