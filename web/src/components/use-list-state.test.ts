import { DEFAULT_PAGE_SIZE } from '@recaudo/domain/paging';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialListParams, useListState, type ListStateOptions } from './use-list-state';

describe('initialListParams', () => {
  // A page's data asked for before it renders (RoutePrefetch) is found only under the same key.
  it.each<[string, ListStateOptions]>([
    ['no options', {}],
    ['a page size', { initialPerPage: 50 }],
    ['initial filters, blank ones dropped', { initialFilters: { status: 1, search_text: '', dates: [] } }],
    ['fixed filters', { fixedFilters: { client: 7 } }],
    ['both', { initialFilters: { status: 0 }, fixedFilters: { client: 7 } }],
  ])('is what an untouched list asks for: %s', (_case, options) => {
    const { result } = renderHook(() => useListState(options));
    expect(initialListParams(options)).toEqual(result.current.params);
  });

  it('starts on page 1 with the default page size and no filters or sort', () => {
    expect(initialListParams()).toEqual({ search: '', page: 1, per_page: DEFAULT_PAGE_SIZE });
  });

  it('is no longer what the list asks for once the user pages on', () => {
    const { result } = renderHook(() => useListState());
    act(() => result.current.changePage(2, DEFAULT_PAGE_SIZE));
    expect(result.current.params).toEqual({ ...initialListParams(), page: 2 });
  });
});
