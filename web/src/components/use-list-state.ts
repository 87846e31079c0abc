import { DEFAULT_PAGE_SIZE } from '@recaudo/domain/paging';
import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

export interface ListParams {
  search: string;
  page: number;
  per_page: number;
}

/**
 * The state every list screen keeps (spec 03 "common list-screen behaviour"): the typed search,
 * its debounced value sent to the server, page and page size. A new search or page size goes
 * back to page 1; `restart()` is the "reload from page 1" after a delete.
 */
export function useListState(initialPerPage: number = DEFAULT_PAGE_SIZE) {
  const [search, setSearchText] = useState('');
  const [paging, setPaging] = useState({ page: 1, perPage: initialPerPage });
  const debouncedSearch = useDebouncedValue(search.trim());

  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPaging((current) => ({ ...current, page: 1 }));
  }, []);

  const changePage = useCallback((page: number, perPage: number) => {
    setPaging((current) => ({ page: perPage === current.perPage ? page : 1, perPage }));
  }, []);

  const restart = useCallback(() => setPaging({ page: 1, perPage: DEFAULT_PAGE_SIZE }), []);

  const params = useMemo<ListParams>(
    () => ({ search: debouncedSearch, page: paging.page, per_page: paging.perPage }),
    [debouncedSearch, paging],
  );

  return { search, setSearch, page: paging.page, perPage: paging.perPage, changePage, restart, params };
}
