import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  const cases: Record<string, unknown>[] = [
    { search: 'ana maría', page: 2, per_page: 'Todos' },
    { filters: { status: 1, dates: ['01-01-2026', '31-01-2026'], client: { value: 7 } }, sorter: { field: 'name', order: 'ascend' } },
    { search: '', flag: false, skip: null, missing: undefined, symbols: 'a&b=c#d' },
  ];

  it.each(cases)('matches qs in bracket mode for %j', (params) => {
    expect(toQueryString(params)).toBe(qs.stringify(params, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: true }));
  });

  it('reads back as the same object on the server', () => {
    const params = { filters: { status: '1', dates: ['01-01-2026', '31-01-2026'] }, page: '3' };
    expect(qs.parse(toQueryString(params))).toEqual(params);
  });
});
