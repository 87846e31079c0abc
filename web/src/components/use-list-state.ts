import { DEFAULT_PAGE_SIZE } from '@recaudo/domain/paging';
import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** A filter value as it travels: text, number, id list or a DD-MM-YYYY pair. Empty values are dropped. */
export type FilterValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type ListFilters = Record<string, FilterValue>;

export interface ListSorter {
  field: string;
  order: 'ascend' | 'descend';
}

export interface ListParams {
  search: string;
  page: number;
  per_page: number;
  /** `filters[...]` on the wire (bracket notation); present only when a filter is set. */
  filters?: ListFilters;
  /** `sorter[field]`, `sorter[order]`; present only when a column is sorted. */
  sorter?: ListSorter;
}

/** The part of antd's SorterResult the list reads (any row type). */
interface SortLike {
  columnKey?: string | number | bigint;
  field?: string | number | bigint | readonly (string | number | bigint)[];
  order?: 'ascend' | 'descend' | null;
}

export interface ListStateOptions {
  initialPerPage?: number;
  /** Filters the screen starts with (e.g. today's payment range); "Quitar filtros" clears them too. */
  initialFilters?: ListFilters;
  /** Filters always sent and never shown or cleared (e.g. `{ client: id }` inside a client's tab). */
  fixedFilters?: ListFilters;
}

/** True when a filter value means "no filter" (blank text, empty list, null). */
export function isEmptyFilter(value: FilterValue): boolean {
  if (value === null || value === undefined || value === '' || value === false) return true;
  return Array.isArray(value) && value.length === 0;
}

function compact(filters: ListFilters): ListFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => !isEmptyFilter(value)));
}

/** What a list sends: filters and sort only when set. */
function listParams({ search, page, perPage, filters, sorter }: { search: string; page: number; perPage: number; filters: ListFilters; sorter?: ListSorter }): ListParams {
  return {
    search,
    page,
    per_page: perPage,
    ...(Object.keys(filters).length ? { filters } : {}),
    ...(sorter ? { sorter } : {}),
  };
}

/**
 * What a list with these options asks for before the user has touched it: a page's data can be
 * asked for before the page has rendered (src/app/pages.tsx, `RoutePrefetch`) under the same key.
 */
export function initialListParams(options: ListStateOptions = {}): ListParams {
  const filters = { ...compact(options.initialFilters ?? {}), ...compact(options.fixedFilters ?? {}) };
  return listParams({ search: '', page: 1, perPage: options.initialPerPage ?? DEFAULT_PAGE_SIZE, filters });
}

/**
 * The state every list screen keeps (spec 03 "common list-screen behaviour"): the typed search,
 * its debounced value sent to the server, page and page size, the filters of the FilterDrawer
 * and the table's sort. A new search, filter or page size goes back to page 1; `restart()` is
 * the "reload from page 1" after a delete. Pass `onTableChange` to DataTable's `onChange` for
 * sortable columns. Accepts the initial page size (old form) or `ListStateOptions`.
 */
export function useListState(options: number | ListStateOptions = {}) {
  const settings = typeof options === 'number' ? { initialPerPage: options } : options;
  const initialPerPage = settings.initialPerPage ?? DEFAULT_PAGE_SIZE;
  const [search, setSearchText] = useState('');
  const [paging, setPaging] = useState({ page: 1, perPage: initialPerPage });
  const [filters, setFilterState] = useState<ListFilters>(() => compact(settings.initialFilters ?? {}));
  const [sorter, setSorter] = useState<ListSorter | undefined>(undefined);
  const debouncedSearch = useDebouncedValue(search.trim());
  // The fixed filters are compared by content so an inline object literal does not refetch.
  const fixedKey = JSON.stringify(compact(settings.fixedFilters ?? {}));

  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPaging((current) => ({ ...current, page: 1 }));
  }, []);

  const changePage = useCallback((page: number, perPage: number) => {
    setPaging((current) => ({ page: perPage === current.perPage ? page : 1, perPage }));
  }, []);

  /** Replaces every filter at once (blank values are dropped) and goes back to page 1. */
  const setFilters = useCallback((next: ListFilters) => {
    setFilterState(compact(next));
    setPaging((current) => ({ ...current, page: 1 }));
  }, []);

  /** Sets one filter (a blank value removes it) and goes back to page 1. */
  const setFilter = useCallback((name: string, value: FilterValue) => {
    setFilterState((current) => compact({ ...current, [name]: value }));
    setPaging((current) => ({ ...current, page: 1 }));
  }, []);

  const clearFilters = useCallback(() => setFilters({}), [setFilters]);

  /** DataTable `onChange`: keeps the column sort (pages go through `changePage`). */
  const onTableChange = useCallback(
    (_pagination: unknown, _filters: unknown, sort: SortLike | SortLike[]) => {
      const single = Array.isArray(sort) ? sort[0] : sort;
      const field = single?.columnKey ?? (Array.isArray(single?.field) ? single.field.join('.') : single?.field);
      const next = single?.order && field !== undefined ? { field: String(field), order: single.order } : undefined;
      setSorter((current) => {
        if (current?.field === next?.field && current?.order === next?.order) return current;
        setPaging((paged) => ({ ...paged, page: 1 }));
        return next;
      });
    },
    [],
  );

  const restart = useCallback(() => setPaging({ page: 1, perPage: DEFAULT_PAGE_SIZE }), []);

  const params = useMemo<ListParams>(() => {
    const sent = { ...filters, ...(JSON.parse(fixedKey) as ListFilters) };
    return listParams({ search: debouncedSearch, page: paging.page, perPage: paging.perPage, filters: sent, sorter });
  }, [debouncedSearch, paging, filters, fixedKey, sorter]);

  /** What an export sends: the list's search and filters, without paging. */
  const exportParams = useMemo(() => {
    const { page: _page, per_page: _perPage, ...rest } = params;
    return rest;
  }, [params]);

  return {
    search,
    setSearch,
    page: paging.page,
    perPage: paging.perPage,
    changePage,
    restart,
    filters,
    setFilters,
    setFilter,
    clearFilters,
    activeFilterCount: Object.keys(filters).length,
    sorter,
    onTableChange,
    params,
    exportParams,
  };
}

export type ListState = ReturnType<typeof useListState>;
